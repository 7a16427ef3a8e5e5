//! The search against what is known: mates found, legal best moves, the tactical suite at a
//! short depth, the same tree whatever the table held before, and the default configuration by
//! name and by type. (Every configuration's tree against the default's is the family's
//! verification: `bitbench verify`, and the agreement test of `bitbench/tests`.)

use super::configs::{self, Choice, SearchVisitor};
use super::family::{first_difference, with_table, SearchFamily};
use super::suite::{parse_epd, san, MATES, WIN_AT_CHESS};
use super::tree::NodeTrace;
use super::workloads::bench;
use super::*;
use crate::bench::reference;
use crate::board::position::Move;
use crate::framework::cpu::Cpu;
use crate::framework::family::Family;

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn the_default_choice_is_the_default_configuration() {
    struct Name;
    impl SearchVisitor for Name {
        type Output = &'static str;
        fn visit<C: SearchConfig>(self, _: C) -> &'static str {
            core::any::type_name::<C>()
        }
    }
    let visited = configs::visit(Choice::DEFAULT, &Cpu::detect(), Name).unwrap();
    assert_eq!(visited, core::any::type_name::<configs::DefaultConfig>());
    assert!(SearchFamily::SUMMARY.contains(&format!("({})", Choice::DEFAULT)));
}

#[test]
fn choices_parse_and_refuse() {
    let choice = Choice::parse("slider=hyperbola,").unwrap();
    assert_eq!(
        choice.differing(),
        [Dimension::Generator(
            crate::families::movegen::Dimension::Slider
        )]
    );
    assert_eq!(Choice::parse("").unwrap(), Choice::DEFAULT);
    let two = Choice::parse("pawns=per_pawn_loop,xrays=one_lookup").unwrap();
    let error = configs::visit(two, &Cpu::detect(), ()).unwrap_err();
    assert!(error.to_string().contains("pawns and xrays"), "{error}");
    assert!(Choice::parse("colour=white").is_err());
    assert!(Choice::parse("attackers=nothing").is_err());
}

impl SearchVisitor for () {
    type Output = ();
    fn visit<C: SearchConfig>(self, _: C) {}
}

/// A mate in `n` moves is found by a search of `2n + 1` plies: the `2n - 1` of the mating line
/// and two more, which null-move pruning and reverse futility may take from a defender's node
/// whose evaluation shows it a queen up (WAC.001's 1. Qg6 needs them).
#[test]
fn every_mate_is_found_at_its_depth() {
    let mut table = TranspositionTable::new(1);
    for (fen, moves, first) in MATES {
        let result = search_default(&position(fen), 2 * moves + 1, &mut table);
        assert_eq!(
            result.score.mate_in(),
            Some(moves as i32),
            "{fen}: {result:?}"
        );
        assert_eq!(result.best.unwrap().to_string(), first, "{fen}");
        assert_eq!(result.pv.len(), 2 * moves as usize - 1, "{fen}: {result:?}");
    }
}

#[test]
fn mated_and_stalemated_positions_have_no_best_move() {
    let mut table = TranspositionTable::new(1);
    let mated = search_default(&position("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"), 3, &mut table);
    assert_eq!((mated.best, mated.score.mate_in()), (None, Some(0)));
    let stalemate = search_default(&position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), 3, &mut table);
    assert_eq!((stalemate.best, stalemate.score), (None, Score(0)));
}

#[test]
fn every_best_move_is_legal() {
    let mut table = TranspositionTable::new(1);
    let suite = parse_epd(WIN_AT_CHESS).unwrap();
    let positions = bench()
        .iter()
        .copied()
        .chain(suite.iter().map(|c| c.position));
    for p in positions {
        let result = search_default(&p, 2, &mut table);
        let legal = reference::legal_moves(&p);
        let mut line = p;
        for &mv in &result.pv {
            assert!(
                reference::legal_moves(&line).contains(&mv),
                "{p}: {result:?}"
            );
            line = reference::make(&line, mv);
        }
        match result.best {
            Some(best) => assert!(legal.contains(&best), "{p}"),
            // Bench position 49 is a stalemate.
            None => assert!(legal.is_empty(), "{p}"),
        }
    }
}

/// At depth 3 the suite's count is a floor that every change of the search must keep; the
/// depth-6 count beside Stockfish's is `scripts/search-suite.sh`'s.
#[test]
fn win_at_chess_at_depth_3() {
    let suite = parse_epd(WIN_AT_CHESS).unwrap();
    assert_eq!(suite.len(), 300);
    let mut table = TranspositionTable::new(16);
    let found = suite
        .iter()
        .filter(|case| {
            let result = search_default(&case.position, 3, &mut table);
            case.solved_by(result.best.unwrap())
        })
        .count();
    assert!(found >= 150, "{found} of 300");
}

#[test]
fn the_tree_does_not_depend_on_what_the_table_held() {
    let p = bench()[1];
    let mut fresh = TranspositionTable::new(1);
    let first = search_default(&p, 4, &mut fresh);
    // The same table after other searches, and a table used by nothing else.
    for other in &bench()[2..6] {
        search_default(other, 4, &mut fresh);
    }
    assert_eq!(search_default(&p, 4, &mut fresh), first);
    assert_eq!(
        search_default(&p, 4, &mut TranspositionTable::new(1)),
        first
    );
    let traced = with_table(1, |t| {
        let mut trace = Vec::new();
        let r = search_traced(configs::default_config(), &p, 4, t, &mut trace);
        assert_eq!(trace.len() as u64, r.nodes);
        r
    });
    assert_eq!(traced, first);
}

#[test]
fn san_writes_what_the_suite_reads() {
    let p = position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let mv = |text: &str| {
        reference::legal_moves(&p)
            .into_iter()
            .find(|m| m.to_string() == text)
            .unwrap()
    };
    assert_eq!(san(&p, mv("e1g1")), "O-O");
    assert_eq!(san(&p, mv("e1c1")), "O-O-O");
    assert_eq!(san(&p, mv("e5f7")), "Nxf7");
    assert_eq!(san(&p, mv("d5e6")), "dxe6");
    assert_eq!(san(&p, mv("c3b1")), "Nb1");
    assert_eq!(san(&p, mv("f3f6")), "Qxf6");
    // Two knights reach d2: by file; two rooks reach a4: by rank.
    let two = position("r3k3/8/8/8/8/R4N2/1PP1PPPP/RN2KB2 w - - 0 1");
    let in_two = |text: &str| {
        reference::legal_moves(&two)
            .into_iter()
            .find(|m| m.to_string() == text)
            .unwrap()
    };
    assert_eq!(san(&two, in_two("b1d2")), "Nbd2");
    assert_eq!(san(&two, in_two("f3d2")), "Nfd2");
    assert_eq!(san(&two, in_two("a3a2")), "R3a2");
    let promote = position("8/4P2k/8/8/8/8/8/K7 w - - 0 1");
    let e8q: Move = reference::legal_moves(&promote)
        .into_iter()
        .find(|m| m.to_string() == "e7e8q")
        .unwrap();
    assert_eq!(san(&promote, e8q), "e8=Q");
    assert!(parse_epd("8/8/8/8/8/8/8/K6k w - - bm Qa1;").is_err());
    assert!(parse_epd("8/8/8/8 w - - bm Ka2;").is_err());
}

#[test]
fn the_first_difference_is_where_the_trees_part() {
    let node = |ply: u8, score: i32| NodeTrace {
        hash: ply as u64,
        ply,
        last: None,
        depth: 1,
        alpha: -10,
        beta: 10,
        score,
    };
    let expected = [node(0, 5), node(1, -5), node(2, 5), node(1, -3)];
    assert_eq!(first_difference(&expected, &expected), None);
    // A leaf scored differently: its ancestors too, and the next sibling's window.
    let mut got = expected;
    got[2].score = 7;
    got[1].score = -7;
    got[0].score = 7;
    got[3].alpha = -7;
    let said = first_difference(&expected, &got).unwrap();
    assert!(said.contains("node 3 of 4 (ply 2"), "{said}");
    // A different child: no score differs before it.
    let mut got = expected;
    got[3].hash = 99;
    let said = first_difference(&expected, &got).unwrap();
    assert!(said.contains("at node 4:"), "{said}");
}

#[test]
fn the_planted_fault_parts_the_trees() {
    // The planted slider's rooks never see e5: somewhere in the bench set at depth 3 its tree
    // leaves the default's, and the difference is found and placed.
    let planted = super::family::planted::config();
    let parted = bench().iter().find_map(|p| {
        let expected = trace_with(configs::default_config(), p);
        let got = trace_with(planted, p);
        first_difference(&expected, &got)
    });
    let said = parted.expect("the planted fault changes a bench tree at depth 3");
    assert!(said.starts_with("the trees part at node "), "{said}");
}

fn trace_with<C: SearchConfig>(config: C, p: &Position) -> Vec<NodeTrace> {
    with_table(1, |t| {
        let mut trace = Vec::new();
        search_traced(config, p, 3, t, &mut trace);
        trace
    })
}

#[test]
fn every_pass_searches_the_same_positions_whatever_the_generator() {
    use super::workloads::MEASURED;
    use crate::bench::{inputs, Bench};
    // The headline table only: each distribution draws the same way.
    let draw = &SearchFamily::DRAWS[0];
    let cases = |seed: u64, count: usize| -> Vec<u16> {
        let mut rng = inputs::rng(seed, "search/same-positions");
        let queries = draw.queries(&mut rng, count);
        queries.inputs.iter().map(|q| q.case).collect()
    };
    let every: Vec<u16> = MEASURED.iter().map(|&i| i as u16).collect();
    assert_eq!(cases(1, MEASURED.len()), every);
    assert_eq!(cases(2, MEASURED.len()), every);
    assert_eq!(cases(3, 2), every[..2], "a --quick pass: the first two");
}
