//! `bitbench perft`: counts, divide, configurations chosen with `--with`, the published table,
//! and clear refusals (exit 2) of bad input.

use crate::common;

use common::{bitbench, text};

const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// The count on the `nodes N` line.
fn nodes(output: &std::process::Output) -> u64 {
    let text = text(output);
    let line = text
        .lines()
        .find_map(|l| l.strip_prefix("nodes "))
        .unwrap_or_else(|| panic!("no nodes line in {text}"));
    line.trim().parse().unwrap()
}

#[test]
fn counts_the_initial_position() {
    let output = bitbench(&["perft", STARTPOS, "3"]);
    assert!(output.status.success(), "{}", text(&output));
    assert_eq!(nodes(&output), 8_902);
    assert!(text(&output).contains("configuration slider=magic"));
    assert_eq!(nodes(&bitbench(&["perft", STARTPOS, "0"])), 1);
}

#[test]
fn divide_lists_every_root_move_sorted_in_uci() {
    let output = bitbench(&["perft", KIWIPETE, "2", "--divide"]);
    assert!(output.status.success(), "{}", text(&output));
    let text = text(&output);
    let split: Vec<(&str, u64)> = text
        .lines()
        .filter_map(|l| l.split_once(": "))
        .map(|(mv, n)| (mv, n.parse().unwrap()))
        .collect();
    assert_eq!(split.len(), 48);
    let mut sorted = split.clone();
    sorted.sort();
    assert_eq!(split, sorted, "sorted by UCI string");
    assert!(split.contains(&("e1g1", 43)) && split.contains(&("e1c1", 43)));
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 2_039);
    assert_eq!(nodes(&output), 2_039);
}

#[test]
fn every_dimension_can_be_chosen() {
    for with in [
        "slider=kindergarten",
        "between=x88_rotate",
        "pins=dir_golem",
        "pins=by_move",
        "knights=parallel_prefix",
        "slider=magic,between=rectangular,pins=xray_between,knights=lookup",
    ] {
        let output = bitbench(&["perft", KIWIPETE, "3", "--with", with]);
        assert!(output.status.success(), "{with}: {}", text(&output));
        assert_eq!(nodes(&output), 97_862, "{with}");
    }
}

#[test]
fn bad_input_is_refused_clearly_with_exit_2() {
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "perft",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
                "1",
            ],
            "side to move",
        ),
        (&["perft", "8/8/8/8 w - - 0 1", "1"], "bad FEN"),
        (&["perft", STARTPOS, "11"], "0..=10"),
        (&["perft", STARTPOS, "deep"], "invalid value"),
        (&["perft", STARTPOS], "DEPTH"),
        (
            &["perft", STARTPOS, "1", "--with", "sliders=pext"],
            "the keys are slider, between, pins and knights",
        ),
        (
            &["perft", STARTPOS, "1", "--with", "slider=bogus"],
            "known: classical, dumb7fill",
        ),
        (
            &["perft", STARTPOS, "1", "--with", "pins=cozy_chess"],
            "known: xray_between, dir_golem, snipers, by_move",
        ),
        (
            &[
                "perft",
                STARTPOS,
                "1",
                "--with",
                "slider=hyperbola,pins=dir_golem",
            ],
            "not compiled",
        ),
        (
            &[
                "--disable",
                "bmi2",
                "perft",
                STARTPOS,
                "1",
                "--with",
                "slider=pext",
            ],
            "not supported here: pext",
        ),
        (
            &["perft", STARTPOS, "1", "--with", "knights=neon_batch"],
            "not supported here: neon_batch",
        ),
    ];
    for (args, needle) in cases {
        let output = bitbench(args);
        let text = text(&output);
        if cfg!(target_arch = "aarch64") && needle.contains("neon") {
            continue;
        }
        assert_eq!(output.status.code(), Some(2), "{args:?}: {text}");
        assert!(text.contains(needle), "{args:?}: {text}");
        assert!(!text.contains("panicked"), "{args:?} panicked: {text}");
    }
}

#[test]
fn the_table_to_depth_2_agrees_for_every_configuration_and_peer() {
    let output = bitbench(&[
        "perft",
        "--verify-table",
        "--max-depth",
        "2",
        "--threads",
        "2",
    ]);
    let text = text(&output);
    assert!(output.status.success(), "{text}");
    assert!(text.contains("0 disagree"), "{text}");
    for name in [
        "rook_attacks.magic",
        "checkers_pins.dir_golem",
        "cozy_chess",
        "chess",
    ] {
        assert!(
            text.lines()
                .any(|l| l.trim_start().starts_with("ok") && l.contains(name)),
            "{name}: {text}"
        );
    }
}
