//! A line given to the wrong command is named as the mix-up it is: a sliding unit given to
//! `puzzle edge --unit` and an edge unit to `puzzle slide --unit`, unit lines (work, not results)
//! given to `puzzle merge`, two kinds of result in one merge, and a prefix's rotation out of range.

use super::common::{self, puzzle, temp_file, Run};

fn ok(run: Run) -> String {
    assert_eq!(run.code, 0, "{}", run.failure("exit status"));
    run.stdout
}

fn refused(run: &Run, expected: &str) {
    assert_eq!((run.code, run.stdout.as_str(), run.stderr.as_str()), (1, "", expected), "{}", run.command);
}

#[test]
fn lines_given_to_the_wrong_command_are_named() {
    let puz = common::workspace_root().join("fixtures/data/brendan_set1_03x03.puz");
    let puz = puz.to_str().unwrap();
    let slide_units = ok(puzzle(&["slide", "--split", "2", "--heuristic", "manhattan"], "8 6 7\n2 5 4\n3 0 1\n"));
    let slide_unit = slide_units.lines().next().unwrap();
    let edge_units = ok(puzzle(&["edge", "--plain", "--split", "1", puz], ""));
    let edge_unit = edge_units.lines().nth(1).unwrap();
    refused(
        &puzzle(&["edge", "--plain", "--unit", slide_unit, puz], ""),
        "error: --unit: a unit line of `puzzle slide --split` given to `puzzle edge --unit`: give it to `puzzle slide \
         --unit`\n",
    );
    refused(
        &puzzle(&["edge", "--plain", "--unit", "-", puz], &format!("{edge_unit}\n{slide_unit}\n")),
        "error: <stdin>:2: a unit line of `puzzle slide --split` given to `puzzle edge --unit`: give it to `puzzle \
         slide --unit`\n",
    );
    refused(
        &puzzle(&["slide", "--unit", edge_unit], ""),
        "error: --unit: a unit line of `puzzle edge --split` given to `puzzle slide --unit`: give it to `puzzle edge \
         --unit`\n",
    );
    let slide_results = ok(puzzle(&["slide", "--unit", "-", "--jobs", "1"], &slide_units));
    refused(
        &puzzle(&["slide", "--unit", slide_results.lines().next().unwrap()], ""),
        "error: --unit: a result of `puzzle slide --unit` given to `puzzle slide --unit`, which takes unit lines of a \
         split\n",
    );
    // Unit lines are work, not results.
    for (units, command) in [(&slide_units, "slide"), (&edge_units, "edge")] {
        let file = temp_file("units.jsonl", units);
        refused(
            &puzzle(&["merge", file.as_str()], ""),
            &format!(
                "error: {}:1:1: a unit line of `puzzle {command} --split` where an output of a worker was expected: \
                 run it with `puzzle {command} --unit` first, then merge its result\n",
                file.as_str()
            ),
        );
    }
    // Results of both domains in one merge.
    let edge_results = ok(puzzle(&["edge", "--plain", "--unit", "-", puz], &edge_units));
    let n_slide = slide_results.lines().count();
    refused(
        &puzzle(&["merge", "-"], &format!("{slide_results}{edge_results}")),
        &format!(
            "error: <stdin>:{}:1: a result of `puzzle edge --unit` where a result of `puzzle slide --unit` was \
             expected: merge each kind of output on its own\n",
            n_slide + 1
        ),
    );
}

/// The case: a rotation of 7 was read as 3 and named "piece 9 turned 3".
#[test]
fn a_prefix_rotation_out_of_range_is_named() {
    let puz = common::workspace_root().join("fixtures/data/brendan_set1_03x03.puz");
    let puz = puz.to_str().unwrap();
    let units = ok(puzzle(&["edge", "--plain", "--split", "1", puz], ""));
    let unit: serde_json::Value = serde_json::from_str(units.lines().nth(1).unwrap()).unwrap();
    let (piece, rotation) = (&unit["prefix"][0]["piece"], unit["prefix"][0]["rotation"].as_u64().unwrap());
    let turned = units.lines().nth(1).unwrap().replacen(
        &format!("\"rotation\":{rotation}"),
        &format!("\"rotation\":{}", rotation + 4),
        1,
    );
    refused(
        &puzzle(&["edge", "--plain", "--unit", &turned, puz], ""),
        &format!(
            "error: --unit: the prefix's placement 0 turns piece {piece} {} times: a rotation is 0 to 3 \
             counter-clockwise quarter turns\n",
            rotation + 4
        ),
    );
}
