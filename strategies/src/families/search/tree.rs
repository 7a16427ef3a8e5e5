//! The search proper: iterative deepening over a principal variation search, and the
//! quiescence search at its leaves (see [the module](super) for what each does).

use super::eval::{Evaluate, Evaluator};
use super::moves::{Entry, Kind, MoveList};
use super::see::{see, victim, VALUES};
use super::tt::{Bound, TranspositionTable};
use super::{zobrist, Score, SearchConfig};
use crate::board::position::{Colour, Move, Piece, Position};
use crate::families::checkers_pins::{CheckersAndPins, CheckersPins};
use crate::families::movegen::generate_given;
#[cfg(all(target_arch = "x86_64", not(debug_assertions)))]
use crate::framework::cpu::Feature;
use crate::framework::cpu::{Cpu, Unsupported};

/// Beyond any score.
const INFINITY: i32 = 32_000;
/// The deepest ply a line may reach (check extensions lengthen lines); a node there is
/// evaluated.
pub const MAX_PLY: usize = 100;

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The best move, or `None` if the position has no legal move.
    pub best: Option<Move>,
    /// Its score, from the side to move's point of view.
    pub score: Score,
    /// The principal variation, the best move first.
    pub pv: Vec<Move>,
    /// Positions visited: every call of the search and of the quiescence search, over every
    /// iteration.
    pub nodes: u64,
    pub depth: u32,
}

/// One node as a traced search saw it on entering it, and the score it returned: what
/// verification compares between two configurations to find where their trees part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeTrace {
    pub hash: u64,
    pub ply: u8,
    /// The move that led here (`None` at the root and after a null move).
    pub last: Option<Move>,
    /// The remaining depth (0 in the quiescence search).
    pub depth: i8,
    pub alpha: i32,
    pub beta: i32,
    pub score: i32,
}

/// Searches `position` to `depth` (at least 1) with configuration `config` and `table`, which
/// is reset for the search (in effect: see [`super::tt`]).
///
/// # Panics
/// On a CPU where [`supported`] says no; [`configs::visit`](super::configs::visit), which
/// makes a configuration chosen at run time, asks it.
pub fn search<C: SearchConfig>(
    config: C,
    position: &Position,
    depth: u32,
    table: &mut TranspositionTable,
) -> SearchResult {
    run(config, position, depth, table, None)
}

/// [`search`], recording every node in `trace`, in the order they are entered. Slower; the
/// tree is the same.
pub fn search_traced<C: SearchConfig>(
    config: C,
    position: &Position,
    depth: u32,
    table: &mut TranspositionTable,
    trace: &mut Vec<NodeTrace>,
) -> SearchResult {
    run(config, position, depth, table, Some(trace))
}

/// The search compiled for this build's one instruction set ([`Isa`]).
///
/// # Panics
/// In an x86-64 build without debug assertions, on a CPU without POPCNT, BMI1, BMI2 and AVX2:
/// [`supported`] says beforehand, and every caller in this crate asks it first.
fn run<C: SearchConfig>(
    config: C,
    position: &Position,
    depth: u32,
    table: &mut TranspositionTable,
    trace: Option<&mut Vec<NodeTrace>>,
) -> SearchResult {
    table.new_search();
    #[cfg(all(target_arch = "x86_64", not(debug_assertions)))]
    let isa = Avx2Bmi2::detect().expect(NEEDS);
    #[cfg(not(all(target_arch = "x86_64", not(debug_assertions))))]
    let isa = Portable;
    Searcher::new(config, isa, table, trace).iterate(position, depth)
}

/// [`run`] with [`Portable`] as the fallback on a CPU without the x86-64 copy's instructions:
/// one more copy of the search, for the one configuration that asks for it
/// ([`super::search_default`]).
pub(crate) fn run_anywhere<C: SearchConfig>(
    config: C,
    position: &Position,
    depth: u32,
    table: &mut TranspositionTable,
) -> SearchResult {
    #[cfg(all(target_arch = "x86_64", not(debug_assertions)))]
    if Avx2Bmi2::detect().is_none() {
        table.new_search();
        return Searcher::new(config, Portable, table, None).iterate(position, depth);
    }
    run(config, position, depth, table, None)
}

/// What the x86-64 copy needs, as [`run`]'s panic says it.
#[cfg(all(target_arch = "x86_64", not(debug_assertions)))]
const NEEDS: &str = "this build's search needs POPCNT, BMI1, BMI2 and AVX2: ask `supported` first";

/// Whether this build's search runs on `cpu`, or why not: in an x86-64 build without debug
/// assertions, it needs POPCNT, BMI1, BMI2 and AVX2, detected and not masked; elsewhere
/// nothing.
pub fn supported(cpu: &Cpu) -> Result<(), Unsupported> {
    #[cfg(all(target_arch = "x86_64", not(debug_assertions)))]
    {
        cpu.check_all(&[Feature::Avx2, Feature::Bmi2])?;
        if Avx2Bmi2::detect().is_none() {
            return Err(Unsupported::NotDetected(Feature::Bmi2));
        }
    }
    let _ = cpu;
    Ok(())
}

/// The instructions the search is compiled for, as perft's recursion is (see
/// `movegen::perft`). On x86-64, a build without debug assertions compiles it with POPCNT,
/// BMI1, BMI2 and AVX2 alone, so that population counts are one instruction and the BMI2 and
/// AVX2 techniques are inlined; a CPU without them cannot run its searches ([`supported`]),
/// except the default configuration's through [`run_anywhere`]. A copy for the baseline beside
/// it in every configuration would lengthen the build's longest crate for CPUs that no record
/// comes from. Elsewhere, and in a build with debug assertions (tests, which time nothing),
/// the baseline copy alone is compiled, as one copy of each measuring loop is
/// ([`Level::COPIES`](crate::framework::level::Level::COPIES)); the release build's `verify`
/// checks the x86-64 copy. The recursion goes through the token at every node, so that every node
/// runs the copy it started in.
pub(crate) trait Isa: Copy {
    fn negamax<C: SearchConfig>(self, s: &mut Searcher<'_, C, Self>, node: Node<'_>) -> i32;
    fn quiesce<C: SearchConfig>(self, s: &mut Searcher<'_, C, Self>, node: Node<'_>) -> i32;
    fn evaluate<C: SearchConfig>(self, config: C, position: &Position) -> i32;
}

/// The target's baseline instructions.
#[derive(Clone, Copy)]
pub(crate) struct Portable;

impl Isa for Portable {
    #[inline(always)]
    fn negamax<C: SearchConfig>(self, s: &mut Searcher<'_, C, Self>, node: Node<'_>) -> i32 {
        portable_negamax(s, node)
    }

    #[inline(always)]
    fn quiesce<C: SearchConfig>(self, s: &mut Searcher<'_, C, Self>, node: Node<'_>) -> i32 {
        portable_quiesce(s, node)
    }

    #[inline(always)]
    fn evaluate<C: SearchConfig>(self, config: C, position: &Position) -> i32 {
        portable_evaluate(Evaluator::of(config), position)
    }
}

#[inline(never)]
fn portable_negamax<C: SearchConfig>(s: &mut Searcher<'_, C, Portable>, node: Node<'_>) -> i32 {
    s.negamax(node)
}

#[inline(never)]
fn portable_quiesce<C: SearchConfig>(s: &mut Searcher<'_, C, Portable>, node: Node<'_>) -> i32 {
    s.quiesce(node)
}

#[inline(never)]
fn portable_evaluate<E: Evaluate>(evaluator: E, position: &Position) -> i32 {
    evaluator.evaluate(position)
}

/// Proof that this CPU has POPCNT, BMI1, BMI2 and AVX2.
#[cfg(all(target_arch = "x86_64", not(debug_assertions)))]
#[derive(Clone, Copy)]
pub(crate) struct Avx2Bmi2(());

#[cfg(all(target_arch = "x86_64", not(debug_assertions)))]
impl Avx2Bmi2 {
    fn detect() -> Option<Avx2Bmi2> {
        (std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("avx2"))
        .then_some(Avx2Bmi2(()))
    }
}

#[cfg(all(target_arch = "x86_64", not(debug_assertions)))]
impl Isa for Avx2Bmi2 {
    #[inline(always)]
    fn negamax<C: SearchConfig>(self, s: &mut Searcher<'_, C, Self>, node: Node<'_>) -> i32 {
        // SAFETY: the token exists only if detection found every feature.
        unsafe { avx2_negamax(s, node) }
    }

    #[inline(always)]
    fn quiesce<C: SearchConfig>(self, s: &mut Searcher<'_, C, Self>, node: Node<'_>) -> i32 {
        // SAFETY: as above.
        unsafe { avx2_quiesce(s, node) }
    }

    #[inline(always)]
    fn evaluate<C: SearchConfig>(self, config: C, position: &Position) -> i32 {
        // SAFETY: as above.
        unsafe { avx2_evaluate(Evaluator::of(config), position) }
    }
}

#[cfg(all(target_arch = "x86_64", not(debug_assertions)))]
#[inline(never)]
#[target_feature(enable = "popcnt,bmi1,bmi2,avx2")]
fn avx2_negamax<C: SearchConfig>(s: &mut Searcher<'_, C, Avx2Bmi2>, node: Node<'_>) -> i32 {
    s.negamax(node)
}

#[cfg(all(target_arch = "x86_64", not(debug_assertions)))]
#[inline(never)]
#[target_feature(enable = "popcnt,bmi1,bmi2,avx2")]
fn avx2_quiesce<C: SearchConfig>(s: &mut Searcher<'_, C, Avx2Bmi2>, node: Node<'_>) -> i32 {
    s.quiesce(node)
}

#[cfg(all(target_arch = "x86_64", not(debug_assertions)))]
#[inline(never)]
#[target_feature(enable = "popcnt,bmi1,bmi2,avx2")]
fn avx2_evaluate<E: Evaluate>(evaluator: E, position: &Position) -> i32 {
    evaluator.evaluate(position)
}

/// A node to search: the position, its hash, the side to move's checkers and pins (the parent
/// knows them: it asked whether its move gives check), the window and the ply.
#[derive(Clone, Copy)]
pub(crate) struct Node<'a> {
    position: &'a Position,
    hash: u64,
    checkers_pins: CheckersAndPins,
    last: Option<Move>,
    depth: i32,
    alpha: i32,
    beta: i32,
    ply: usize,
    /// Whether a null move may be tried here (not right after one).
    null_ok: bool,
}

/// A search under way.
pub(crate) struct Searcher<'t, C, I> {
    config: C,
    isa: I,
    table: &'t mut TranspositionTable,
    trace: Option<&'t mut Vec<NodeTrace>>,
    nodes: u64,
    /// The hashes of the positions on the current line, by ply: for repetitions.
    path: [u64; MAX_PLY + 2],
    killers: [[Option<Move>; 2]; MAX_PLY + 2],
    /// Quiet moves' history, by side, origin and target.
    history: [[[i32; 64]; 64]; 2],
    /// The triangular table of principal variations: `pv[ply][..pv_len[ply]]`.
    pv: [[Option<Move>; MAX_PLY + 2]; MAX_PLY + 2],
    pv_len: [usize; MAX_PLY + 2],
    /// Checks extend only while a line is shorter than twice the iteration's depth.
    extension_limit: usize,
}

/// Ordering scores: above every history score and below, by kind of move.
const ORDER_TABLE_MOVE: i32 = 4_000_000;
const ORDER_GOOD_CAPTURE: i32 = 3_000_000;
const ORDER_PROMOTION: i32 = 2_900_000;
const ORDER_KILLER: i32 = 2_800_000;
const ORDER_BAD_CAPTURE: i32 = -3_000_000;
/// History scores stay within this, either sign.
const HISTORY_LIMIT: i32 = 1 << 20;

impl<'t, C: SearchConfig, I: Isa> Searcher<'t, C, I> {
    fn new(
        config: C,
        isa: I,
        table: &'t mut TranspositionTable,
        trace: Option<&'t mut Vec<NodeTrace>>,
    ) -> Box<Searcher<'t, C, I>> {
        Box::new(Searcher {
            config,
            isa,
            table,
            trace,
            nodes: 0,
            path: [0; MAX_PLY + 2],
            killers: [[None; 2]; MAX_PLY + 2],
            history: [[[0; 64]; 64]; 2],
            pv: [[None; MAX_PLY + 2]; MAX_PLY + 2],
            pv_len: [0; MAX_PLY + 2],
            extension_limit: 0,
        })
    }

    /// Iterative deepening from depth 1 to `depth`.
    fn iterate(&mut self, position: &Position, depth: u32) -> SearchResult {
        let hash = zobrist::key(position);
        let checkers_pins = self.config.pins().checkers_pins(position, None);
        let mut result = SearchResult {
            best: None,
            score: Score(0),
            pv: Vec::new(),
            nodes: 0,
            depth: 0,
        };
        for iteration in 1..=depth.clamp(1, MAX_PLY as u32 / 2) {
            self.extension_limit = 2 * iteration as usize;
            let score = self.isa.negamax(
                self,
                Node {
                    position,
                    hash,
                    checkers_pins,
                    last: None,
                    depth: iteration as i32,
                    alpha: -INFINITY,
                    beta: INFINITY,
                    ply: 0,
                    null_ok: false,
                },
            );
            let pv: Vec<Move> = self.pv[0][..self.pv_len[0]]
                .iter()
                .map_while(|&m| m)
                .collect();
            result = SearchResult {
                best: pv.first().copied(),
                score: Score(score),
                pv,
                nodes: self.nodes,
                depth: iteration,
            };
        }
        result
    }

    /// Records a node on entry, when tracing; its index.
    #[inline(always)]
    fn enter(&mut self, node: &Node<'_>) -> usize {
        match &mut self.trace {
            None => 0,
            Some(trace) => {
                trace.push(NodeTrace {
                    hash: node.hash,
                    ply: node.ply as u8,
                    last: node.last,
                    depth: node.depth.clamp(0, 127) as i8,
                    alpha: node.alpha,
                    beta: node.beta,
                    score: 0,
                });
                trace.len() - 1
            }
        }
    }

    /// Records a node's score, when tracing.
    #[inline(always)]
    fn leave(&mut self, index: usize, score: i32) -> i32 {
        if let Some(trace) = &mut self.trace {
            trace[index].score = score;
        }
        score
    }

    /// A child of `node` by `entry`: the position after it, its hash and whether it checks.
    #[inline(always)]
    fn child(
        &self,
        position: &Position,
        hash: u64,
        entry: &Entry,
    ) -> (Position, u64, CheckersAndPins) {
        let child = entry.make(position);
        let child_hash = zobrist::child(hash, position, &child);
        let checkers_pins = self.config.pins().checkers_pins(&child, Some(entry.mv()));
        (child, child_hash, checkers_pins)
    }

    /// Whether the position at `ply` repeats one since its last irreversible move, or is drawn
    /// by the fifty-move rule or for lack of material.
    #[inline(always)]
    fn drawn(&self, position: &Position, hash: u64, ply: usize) -> bool {
        let clock = position.halfmove_clock as usize;
        if clock >= 100 {
            return true;
        }
        let back = clock.min(ply);
        let mut distance = 4;
        while distance <= back {
            if self.path[ply - distance] == hash {
                return true;
            }
            distance += 2;
        }
        let heavy =
            position.kind(Piece::Pawn) | position.kind(Piece::Rook) | position.kind(Piece::Queen);
        heavy.is_empty() && (position.kind(Piece::Knight) | position.kind(Piece::Bishop)).len() <= 1
    }

    /// The principal variation search of `node`, below the quiescence search's horizon.
    #[inline(always)]
    fn negamax(&mut self, node: Node<'_>) -> i32 {
        if node.depth <= 0 {
            return self.isa.quiesce(self, node);
        }
        self.nodes += 1;
        let index = self.enter(&node);
        let score = self.negamax_inner(node);
        self.leave(index, score)
    }

    #[inline(always)]
    fn negamax_inner(&mut self, node: Node<'_>) -> i32 {
        let Node {
            position,
            hash,
            checkers_pins,
            depth,
            ply,
            beta,
            ..
        } = node;
        let mut alpha = node.alpha;
        let pv_node = beta - alpha > 1;
        self.pv_len[ply] = ply;
        self.path[ply] = hash;
        if ply > 0 {
            if self.drawn(position, hash, ply) {
                return 0;
            }
            if ply >= MAX_PLY {
                return self.isa.evaluate(self.config, position);
            }
        }
        let hit = self.table.probe(hash);
        let table_move = hit.and_then(|h| h.mv);
        if let Some(hit) = hit {
            let score = from_table(hit.score, ply);
            if !pv_node && hit.depth >= depth && cuts(hit.bound, score, alpha, beta) {
                return score;
            }
        }
        let us = position.side_to_move;
        let in_check = !checkers_pins.checkers.is_empty();
        let eval = if in_check {
            -INFINITY
        } else {
            self.isa.evaluate(self.config, position)
        };
        if !pv_node && !in_check && beta.abs() < Score::MATE_BOUND {
            // Reverse futility: far enough above beta that a shallow search will not fall back.
            if depth <= 3 && eval - 90 * depth >= beta {
                return eval;
            }
            // The null move: if passing still fails high, so will a real move.
            let pieces =
                position.colour(us) & !(position.kind(Piece::Pawn) | position.kind(Piece::King));
            if node.null_ok && depth >= 3 && eval >= beta && !pieces.is_empty() {
                let mut null = *position;
                null.side_to_move = !us;
                null.en_passant = None;
                null.halfmove_clock = position.halfmove_clock.saturating_add(1);
                let null_hash = zobrist::child(hash, position, &null);
                let reduction = 2 + depth / 6;
                let null_checks = self.config.pins().checkers_pins(&null, None);
                let score = -self.isa.negamax(
                    self,
                    Node {
                        position: &null,
                        hash: null_hash,
                        checkers_pins: null_checks,
                        last: None,
                        depth: depth - 1 - reduction,
                        alpha: -beta,
                        beta: -beta + 1,
                        ply: ply + 1,
                        null_ok: false,
                    },
                );
                if score >= beta {
                    return if score >= Score::MATE_BOUND {
                        beta
                    } else {
                        score
                    };
                }
            }
        }
        let mut moves = MoveList::new();
        generate_given::<C, MoveList, false>(self.config, position, checkers_pins, &mut moves);
        if moves.is_empty() {
            return if in_check {
                ply as i32 - Score::MATE
            } else {
                0
            };
        }
        self.order(position, &mut moves, table_move, ply);
        let mut best = -INFINITY;
        let mut best_move = None;
        for i in 0..moves.len() {
            let entry = moves.pick(i);
            let mv = entry.mv();
            let quiet = !entry.is_capture(position) && !matches!(entry.kind, Kind::Promotion(_));
            let (child, child_hash, child_checks) = self.child(position, hash, &entry);
            let gives_check = !child_checks.checkers.is_empty();
            let extend = (gives_check && ply < self.extension_limit) as i32;
            let new_depth = depth - 1 + extend;
            let at = |depth: i32, alpha: i32, beta: i32| Node {
                position: &child,
                hash: child_hash,
                checkers_pins: child_checks,
                last: Some(mv),
                depth,
                alpha,
                beta,
                ply: ply + 1,
                null_ok: true,
            };
            let score = if i == 0 {
                -self.isa.negamax(self, at(new_depth, -beta, -alpha))
            } else {
                // Late quiet moves are searched shallower first (not at the root: a quiet
                // sacrifice there is what a tactical test asks for).
                let reduction =
                    if ply > 0 && depth >= 3 && i >= 3 && quiet && !in_check && !gives_check {
                        (1 + (i >= 6) as i32 + (depth >= 8) as i32).min(new_depth - 1)
                    } else {
                        0
                    };
                let mut score = -self
                    .isa
                    .negamax(self, at(new_depth - reduction, -alpha - 1, -alpha));
                if score > alpha && reduction > 0 {
                    score = -self.isa.negamax(self, at(new_depth, -alpha - 1, -alpha));
                }
                if score > alpha && score < beta {
                    score = -self.isa.negamax(self, at(new_depth, -beta, -alpha));
                }
                score
            };
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(mv);
                    self.update_pv(ply, mv);
                    if alpha >= beta {
                        if quiet {
                            self.reward(us, ply, mv, depth);
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best_move.is_some() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table
            .store(hash, best_move, to_table(best, ply), depth, bound);
        best
    }

    /// The quiescence search of `node`: captures and promotions (every evasion in check).
    #[inline(always)]
    fn quiesce(&mut self, node: Node<'_>) -> i32 {
        self.nodes += 1;
        let index = self.enter(&node);
        let score = self.quiesce_inner(node);
        self.leave(index, score)
    }

    #[inline(always)]
    fn quiesce_inner(&mut self, node: Node<'_>) -> i32 {
        let Node {
            position,
            hash,
            checkers_pins,
            ply,
            beta,
            ..
        } = node;
        let mut alpha = node.alpha;
        self.pv_len[ply] = ply;
        self.path[ply] = hash;
        if ply >= MAX_PLY {
            return self.isa.evaluate(self.config, position);
        }
        let hit = self.table.probe(hash);
        if let Some(hit) = hit {
            let score = from_table(hit.score, ply);
            if cuts(hit.bound, score, alpha, beta) {
                return score;
            }
        }
        let in_check = !checkers_pins.checkers.is_empty();
        let mut best = -INFINITY;
        let mut stand = -INFINITY;
        if !in_check {
            stand = self.isa.evaluate(self.config, position);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let mut moves = MoveList::new();
        generate_given::<C, MoveList, true>(self.config, position, checkers_pins, &mut moves);
        if in_check && moves.is_empty() {
            return ply as i32 - Score::MATE;
        }
        for entry in moves.entries_mut() {
            let victim = match entry.kind {
                Kind::EnPassant => Some(Piece::Pawn),
                _ => victim(position, entry.to),
            };
            entry.score = match (victim, entry.kind) {
                (Some(v), _) => 16 * VALUES[v as usize] / 10 - entry.piece as i32,
                (None, Kind::Promotion(Piece::Queen)) => 1_000,
                (None, _) => 0,
            };
        }
        let mut best_move = None;
        for i in 0..moves.len() {
            let entry = moves.pick(i);
            if !in_check {
                if matches!(entry.kind, Kind::Promotion(p) if p != Piece::Queen) {
                    continue;
                }
                let promotion = matches!(entry.kind, Kind::Promotion(_));
                let gain = victim(position, entry.to).map_or(VALUES[0], |v| VALUES[v as usize]);
                // Delta pruning: even winning the piece cannot bring the score up to alpha.
                if !promotion && stand + gain + 200 <= alpha {
                    continue;
                }
                if see(self.config, position, &entry) < 0 {
                    continue;
                }
            }
            let mv = entry.mv();
            let (child, child_hash, child_checks) = self.child(position, hash, &entry);
            let score = -self.isa.quiesce(
                self,
                Node {
                    position: &child,
                    hash: child_hash,
                    checkers_pins: child_checks,
                    last: Some(mv),
                    depth: 0,
                    alpha: -beta,
                    beta: -alpha,
                    ply: ply + 1,
                    null_ok: false,
                },
            );
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(mv);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best_move.is_some() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table
            .store(hash, best_move, to_table(best, ply), 0, bound);
        best
    }

    /// Scores every move for ordering: the table's move, captures by SEE and then victim and
    /// attacker, queen promotions, killers, history, losing captures.
    #[inline(always)]
    fn order(
        &self,
        position: &Position,
        moves: &mut MoveList,
        table_move: Option<Move>,
        ply: usize,
    ) {
        let us = position.side_to_move.index();
        let killers = self.killers[ply];
        for entry in moves.entries_mut() {
            let mv = entry.mv();
            entry.score = if Some(mv) == table_move {
                ORDER_TABLE_MOVE
            } else if entry.is_capture(position) {
                let taken = match entry.kind {
                    Kind::EnPassant => Piece::Pawn,
                    _ => victim(position, entry.to).unwrap_or(Piece::Pawn),
                };
                let mvv_lva = 16 * VALUES[taken as usize] / 10 - entry.piece as i32;
                if see(self.config, position, entry) >= 0 {
                    ORDER_GOOD_CAPTURE + mvv_lva
                } else {
                    ORDER_BAD_CAPTURE + mvv_lva
                }
            } else if entry.kind == Kind::Promotion(Piece::Queen) {
                ORDER_PROMOTION
            } else if Some(mv) == killers[0] {
                ORDER_KILLER
            } else if Some(mv) == killers[1] {
                ORDER_KILLER - 1
            } else {
                self.history[us][entry.from as usize][entry.to as usize]
            };
        }
    }

    /// A quiet move that failed high: a killer at its ply, and history by depth.
    #[inline(always)]
    fn reward(&mut self, us: Colour, ply: usize, mv: Move, depth: i32) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        let bonus = (depth * depth).min(400);
        let h = &mut self.history[us.index()][mv.from as usize][mv.to as usize];
        *h += bonus * 64 - *h * bonus / 512;
        *h = (*h).clamp(-HISTORY_LIMIT, HISTORY_LIMIT);
    }

    /// `mv` and then the child's variation as the variation at `ply`.
    #[inline(always)]
    fn update_pv(&mut self, ply: usize, mv: Move) {
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        self.pv[ply][ply] = Some(mv);
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }
}

/// Whether an entry's score, with its bound, settles a node searched with `alpha`..`beta`.
#[inline(always)]
fn cuts(bound: Bound, score: i32, alpha: i32, beta: i32) -> bool {
    match bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    }
}

/// A score for the table: mates counted from this node, not from the root.
#[inline(always)]
fn to_table(score: i32, ply: usize) -> i32 {
    if score >= Score::MATE_BOUND {
        score + ply as i32
    } else if score <= -Score::MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// [`to_table`]'s inverse.
#[inline(always)]
fn from_table(score: i32, ply: usize) -> i32 {
    if score >= Score::MATE_BOUND {
        score - ply as i32
    } else if score <= -Score::MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
