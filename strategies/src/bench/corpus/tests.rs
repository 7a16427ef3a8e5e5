use super::*;
use crate::board::bitboard::Bitboard;
use crate::board::position::{Colour, Piece};

#[test]
fn same_seed_same_corpus_other_seed_other_corpus() {
    let default = Corpus::cached_default();
    assert_eq!(Corpus::build(DEFAULT_SEED), *default);
    assert_eq!(corpus(DEFAULT_SEED), default.positions());
    let other = corpus(DEFAULT_SEED + 1);
    assert_ne!(other, default.positions());
    assert!(other.len() >= 10_000);
}

/// A fingerprint of the default corpus (FNV-1a of every FEN, one per line). It changes only if
/// the corpus changes: if that was meant (a new sampling rule, a different move order in the
/// reference), update it here and say so, because timings taken on the old corpus are not
/// comparable with timings on the new one.
#[test]
fn the_default_corpus_is_pinned() {
    let positions = default_corpus();
    let fingerprint = positions.iter().fold(0xcbf2_9ce4_8422_2325_u64, |hash, p| {
        let line = p.to_fen() + "\n";
        line.bytes()
            .fold(hash, |h, b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3))
    });
    assert_eq!(
        (positions.len(), fingerprint),
        (15_012, 0x44f2_c461_9aac_3e34)
    );
}

#[test]
fn large_unique_and_starting_with_the_perft_positions() {
    let built = Corpus::cached_default();
    let positions = built.positions();
    assert!(positions.len() >= 10_000, "{} positions", positions.len());
    assert_eq!(
        built.from_perft_trees() + built.from_playouts(),
        positions.len()
    );
    assert!(built.from_perft_trees() >= 5_000 && built.from_playouts() >= 5_000);
    let unique: HashSet<Position> = positions.iter().map(|&p| without_counters(p)).collect();
    assert_eq!(
        unique.len(),
        positions.len(),
        "duplicates (ignoring the counters)"
    );
    // The six roots come first, each followed by its tree sample.
    let roots = roots();
    assert_eq!(positions[0], roots[0]);
    for root in &roots {
        assert!(positions[..built.from_perft_trees()].contains(root));
    }
}

#[test]
fn every_position_is_legal_and_reads_back_from_its_fen() {
    for &position in default_corpus() {
        let fen = position.to_fen();
        assert_eq!(Position::from_fen(&fen), Ok(position), "{fen}");
        let waiting = !position.side_to_move();
        assert!(
            !reference::is_attacked(&position, position.king(waiting), !waiting),
            "{fen}: the side not to move is in check"
        );
        // The sets are consistent: colours and kinds partition the same occupied squares.
        let kinds = Piece::ALL.iter().fold(Bitboard::EMPTY, |all, &p| {
            assert!((all & position.kind(p)).is_empty(), "{fen}: kinds overlap");
            all | position.kind(p)
        });
        assert!((position.colour(Colour::White) & position.colour(Colour::Black)).is_empty());
        assert_eq!(kinds, position.occupied(), "{fen}");
    }
}

#[test]
fn stats_add_up() {
    let built = Corpus::cached_default();
    let stats = built.stats();
    assert_eq!(stats.count, built.positions().len());
    assert_eq!(stats.by_piece_count.iter().sum::<usize>(), stats.count);
    assert_eq!(
        stats.by_piece_count[..2],
        [0, 0],
        "every position has two kings"
    );
    let origins = stats.origins.expect("a built corpus knows its origins");
    assert_eq!(origins.perft_trees + origins.playouts, stats.count);
    for part in [
        stats.in_check,
        stats.with_pin,
        stats.with_en_passant,
        stats.without_moves,
    ] {
        assert!(0 < part && part < stats.count, "{stats}");
    }
    assert_eq!(
        CorpusStats::of(built.positions()),
        CorpusStats {
            origins: None,
            ..stats.clone()
        }
    );
    let text = stats.to_string();
    assert!(
        text.starts_with(&format!("{} positions\n", stats.count)),
        "{text}"
    );
    assert!(
        text.contains("from perft trees") && text.contains("  32 "),
        "{text}"
    );
    assert_eq!(text.lines().count(), 1 + 1 + 4 + 1 + 31);
    // Checks agree with the reference's checkers.
    let in_check = built
        .positions()
        .iter()
        .filter(|p| !reference::checkers(p).is_empty())
        .count();
    assert_eq!(stats.in_check, in_check);
}

#[test]
fn stats_of_an_empty_set() {
    let stats = CorpusStats::of(&[]);
    assert_eq!(stats.count, 0);
    assert!(stats.to_string().starts_with("0 positions\n"));
}
