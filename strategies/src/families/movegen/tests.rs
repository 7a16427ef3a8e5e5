//! The generator against the reference: legal moves and makes on every corpus position,
//! perft on the published positions and Martin Sedlak's edge cases, every compiled
//! configuration to depth 4 of the published table.

use super::configs::{self, Choice, ConfigError, ConfigVisitor, Dimension};
use super::*;
use crate::bench::corpus::default_corpus;
use crate::bench::reference::{self, PERFT_POSITIONS};
use crate::board::position::Move;
use crate::framework::cpu::Cpu;

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn legal_moves_and_makes_agree_with_the_reference_on_every_corpus_position() {
    let config = configs::default_config();
    for p in default_corpus() {
        let expected = reference::legal_moves(p);
        assert_eq!(legal_moves(config, p), expected, "{p}");
        for mv in expected {
            assert_eq!(make(p, mv), reference::make(p, mv), "{p} {mv}");
        }
    }
}

#[test]
fn perft_of_the_published_positions_to_depth_4() {
    for published in PERFT_POSITIONS {
        let root = position(published.fen);
        for (depth, &count) in (1..).zip(&published.counts) {
            let got = perft_default(&root, depth);
            assert_eq!(got, count, "{} at depth {depth}", published.name);
        }
    }
}

#[test]
fn perft_of_martin_sedlaks_edge_cases() {
    let cases: [(&str, u32, u64); 14] = [
        ("3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", 6, 1_134_888),
        ("8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", 6, 1_015_133),
        ("8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 6, 1_440_467),
        ("5k2/8/8/8/8/8/8/4K2R w K - 0 1", 6, 661_072),
        ("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", 6, 803_711),
        ("r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", 4, 1_274_206),
        ("r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", 4, 1_720_476),
        ("2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", 6, 3_821_001),
        ("8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", 5, 1_004_658),
        ("4k3/1P6/8/8/8/8/K7/8 w - - 0 1", 6, 217_342),
        ("8/P1k5/K7/8/8/8/8/8 w - - 0 1", 6, 92_683),
        ("K1k5/8/P7/8/8/8/8/8 w - - 0 1", 6, 2_217),
        ("8/k1P5/8/1K6/8/8/8/8 w - - 0 1", 7, 567_584),
        ("8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", 4, 23_527),
    ];
    for (fen, depth, count) in cases {
        assert_eq!(perft_default(&position(fen), depth), count, "{fen}");
    }
}

#[test]
fn divide_agrees_with_the_reference_and_sums_to_perft() {
    let config = configs::default_config();
    let kiwipete = position(PERFT_POSITIONS[1].fen);
    assert_eq!(
        divide(config, &kiwipete, 2),
        reference::divide(&kiwipete, 2)
    );
    let split = divide(config, &kiwipete, 3);
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 97_862);
    assert!(divide(config, &kiwipete, 0).is_empty());
    assert!(divide(config, &kiwipete, 1).iter().all(|&(_, n)| n == 1));
}

/// Perft of every published position to depth 4, with the configuration it is given.
struct PublishedToDepth4;

impl ConfigVisitor for PublishedToDepth4 {
    type Output = ();
    fn visit<C: Config>(self, config: C) {
        for published in PERFT_POSITIONS {
            let root = position(published.fen);
            assert_eq!(
                perft(config, &root, 4),
                published.counts[3],
                "{}",
                published.name
            );
        }
    }
}

/// Every configuration that differs from the default in one technique, by name.
fn every_compiled_choice() -> Vec<Choice> {
    let mut choices = vec![Choice::DEFAULT];
    for dimension in Dimension::ALL {
        for name in dimension.names() {
            let choice = Choice::DEFAULT.with(dimension, name).unwrap();
            if choice != Choice::DEFAULT {
                choices.push(choice);
            }
        }
    }
    choices
}

#[test]
fn every_compiled_configuration_counts_the_published_positions_to_depth_4() {
    let cpu = Cpu::detect();
    let mut ran = 0;
    for choice in every_compiled_choice() {
        match configs::visit(choice, &cpu, PublishedToDepth4) {
            Ok(()) => ran += 1,
            Err(ConfigError::Unsupported { .. }) => {}
            Err(other) => panic!("{choice}: {other}"),
        }
    }
    // With the feature `peers`, the peers' slider, in-between and knight lookups are
    // configurations too: two crates in three dimensions.
    let peers = if cfg!(feature = "peers") { 6 } else { 0 };
    assert!(ran >= 29 + peers, "{ran} configurations ran");
}

#[test]
fn the_default_choice_is_the_default_type() {
    struct TypeName;
    impl ConfigVisitor for TypeName {
        type Output = &'static str;
        fn visit<C: Config>(self, _: C) -> &'static str {
            core::any::type_name::<C>()
        }
    }
    let name = configs::visit(Choice::DEFAULT, &Cpu::detect(), TypeName).unwrap();
    assert_eq!(name, core::any::type_name::<configs::DefaultConfig>());
    assert_eq!(
        Choice::DEFAULT.to_string(),
        "slider=magic,between=rectangular,pins=snipers,knights=lookup"
    );
}

#[test]
fn choices_parse_and_refuse_clearly() {
    let choice = Choice::parse("slider=pext, knights=lookup").unwrap();
    assert_eq!(choice.differing(), vec![Dimension::Slider]);
    assert_eq!(Choice::parse("").unwrap(), Choice::DEFAULT);
    assert!(matches!(
        Choice::parse("sliders=pext"),
        Err(ConfigError::UnknownKey(_))
    ));
    let unknown = Choice::parse("pins=cozy_chess").unwrap_err();
    assert!(unknown
        .to_string()
        .contains("known: xray_between, dir_golem, snipers, by_move"));
    let two = Choice::parse("slider=pext,pins=dir_golem").unwrap();
    let error = configs::visit(two, &Cpu::detect(), PublishedToDepth4).unwrap_err();
    assert!(matches!(error, ConfigError::NotCompiled { .. }), "{error}");
    let masked = Cpu::with_disabled(&[crate::framework::cpu::Feature::Bmi2]);
    let pext = Choice::parse("slider=pext").unwrap();
    let error = configs::visit(pext, &masked, PublishedToDepth4).unwrap_err();
    assert!(
        error.to_string().starts_with("not supported here: pext"),
        "{error}"
    );
    let _ = Move::new(
        crate::board::square::Square::E2,
        crate::board::square::Square::E4,
    );
}
