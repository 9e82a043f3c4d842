//! The board as IDA* sees it, one byte per cell: a leaf that the estimates, the tables' kept
//! indices and every loop read.

/// A board as the search sees it: `board[cell]` is the goal cell of the tile there (the blank's
/// goal cell for the blank), `pos[tile]` the inverse.
///
/// Both are arrays of 256 entries whatever the board (the search takes at most 255 cells), so
/// that an index of one byte needs no bounds check in the inner loop.
#[derive(Clone, Debug)]
pub(crate) struct State {
    pub(crate) board: [u8; 256],
    pub(crate) pos: [u8; 256],
    pub(crate) blank: u8,
    /// Cells of the board.
    pub(crate) cells: usize,
}

impl State {
    /// The state whose cell `c` holds the tile with goal cell `board[c]`, the blank at `blank`.
    pub(crate) fn new(board: &[u8], blank: u8) -> State {
        let mut state = State { board: [0; 256], pos: [0; 256], blank, cells: board.len() };
        for (cell, &tile) in board.iter().enumerate() {
            state.board[cell] = tile;
            state.pos[usize::from(tile)] = cell as u8;
        }
        state
    }
}
