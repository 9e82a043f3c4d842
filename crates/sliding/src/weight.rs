//! The factor by which a weighted search's answer may exceed the optimum ([`Weight`]): its own
//! file, a leaf, so that the answer (`answer.rs`) and the solvers can name it without importing
//! the weighted search (`weighted.rs`).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// The units of a [`Weight`]: hundredths.
pub(crate) const WEIGHT_SCALE: u32 = 100;

/// The largest weight taken: beyond it the search is greedy in all but name, and the costs
/// (hundredths of a move times the weight) could leave `u32` on the largest boards.
pub const MAX_WEIGHT: f64 = 100.0;

/// The factor `W ≥ 1` by which an answer may exceed the optimum, in hundredths: 1.5 is 150.
///
/// ```
/// use sliding::Weight;
///
/// assert_eq!(Weight::new(1.5)?.hundredths(), 150);
/// // Rounded down, so that the guarantee holds for the weight as given.
/// assert_eq!(Weight::new(1.234)?.hundredths(), 123);
/// assert!(Weight::new(1.0)?.is_one());
/// # Ok::<(), sliding::planner::WeightError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Weight {
    hundredths: u32,
}

/// Why a number is not a [`Weight`].
///
/// ```
/// use sliding::Weight;
/// use sliding::planner::WeightError;
///
/// assert_eq!(Weight::new(0.5), Err(WeightError::BelowOne));
/// assert_eq!(Weight::new(f64::NAN), Err(WeightError::NotANumber));
/// assert_eq!(Weight::new(1000.0).unwrap_err().to_string(), "the weight must be at most 100");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum WeightError {
    /// Not a finite number.
    #[error("the weight must be a number, such as 1.5")]
    NotANumber,
    /// Below 1: no answer can be shorter than the optimum.
    #[error("the weight must be at least 1 (1 is optimal)")]
    BelowOne,
    /// Above [`MAX_WEIGHT`].
    #[error("the weight must be at most {MAX_WEIGHT}")]
    TooLarge,
}

impl Weight {
    /// `W = 1`: optimal answers.
    pub const ONE: Weight = Weight { hundredths: WEIGHT_SCALE };

    /// The weight `weight`, rounded down to hundredths (so the guarantee holds for the weight as
    /// given): 1.5 and 1.15 are exact, 1.234 becomes 1.23.
    pub fn new(weight: f64) -> Result<Weight, WeightError> {
        if !weight.is_finite() {
            return Err(WeightError::NotANumber);
        }
        if weight < 1.0 {
            return Err(WeightError::BelowOne);
        }
        if weight > MAX_WEIGHT {
            return Err(WeightError::TooLarge);
        }
        // A decimal such as 1.15 is 114.99999999999999 hundredths in binary: the small nudge
        // keeps it at 115 without rounding any weight up by more than 1e-11.
        let hundredths = (weight * f64::from(WEIGHT_SCALE) + 1e-9).floor() as u32;
        Ok(Weight { hundredths: hundredths.max(WEIGHT_SCALE) })
    }

    /// The weight in hundredths (150 for 1.5).
    pub fn hundredths(self) -> u32 {
        self.hundredths
    }

    /// Whether this is `W = 1`, the optimal search.
    pub fn is_one(self) -> bool {
        self.hundredths == WEIGHT_SCALE
    }
}

impl Default for Weight {
    fn default() -> Weight {
        Weight::ONE
    }
}

impl fmt::Display for Weight {
    /// `1`, `1.5`, `1.25`: the shortest decimal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (whole, frac) = (self.hundredths / WEIGHT_SCALE, self.hundredths % WEIGHT_SCALE);
        match frac {
            0 => write!(f, "{whole}"),
            _ if frac % 10 == 0 => write!(f, "{whole}.{}", frac / 10),
            _ => write!(f, "{whole}.{frac:02}"),
        }
    }
}

impl FromStr for Weight {
    type Err = WeightError;

    fn from_str(text: &str) -> Result<Weight, WeightError> {
        Weight::new(text.trim().parse::<f64>().map_err(|_| WeightError::NotANumber)?)
    }
}
