//! The workloads run the verified variants on the intended queries: what each variant answers
//! to a workload's queries is the reference answer, for every workload of every family.

use harness::measure::workload::{Answers, Mode, Workload};
use strategies::in_between::InBetweenFamily;
use strategies::Square;
use strategies::{Bench, Cpu, Families, FamilyVisitor, Level, Queries, Registry, SquarePair};

fn agree<F: Bench>() {
    let cpu = Cpu::detect();
    for workload in Workload::matrix::<F>() {
        let mut prepared = workload.prepare::<F>(42);
        prepared.draw(3);
        for order in 0..3 {
            prepared.select(order);
            let queries = prepared.queries().clone();
            assert_eq!(queries.inputs.len(), workload.queries_per_pass());
            let expected: Vec<F::Output> =
                queries.inputs.iter().map(|&q| F::reference(q)).collect();
            for &variant in F::variants() {
                if let Ok(answers) = F::visit(variant, &cpu, Answers { queries: &queries }) {
                    assert!(
                        answers == expected,
                        "{}/{} on {}",
                        F::NAME,
                        F::descriptor(variant).name,
                        workload.label()
                    );
                }
            }
            // The latency chain's link leaves every input unchanged.
            for &input in &queries.inputs {
                assert_eq!(F::mix(input, 0), input, "{}: mix with zero", F::NAME);
            }
            // Running it through the timing loops works and counts the work of every query
            // (one per query, or the family's own unit, such as perft's nodes).
            let (_, count) = prepared.run(
                strategies::family::Empty::<F>::new(),
                1,
                Level::detect(&cpu),
            );
            let work: u64 = queries.inputs.iter().map(F::work).sum();
            assert_eq!(count, work.max(1));
        }
    }
}

#[test]
fn every_family_workload_agrees_with_the_reference() {
    struct Agree;
    impl FamilyVisitor for Agree {
        fn visit<F: Bench>(&mut self) {
            agree::<F>();
        }
    }
    Families::for_each(&mut Agree);
}

#[test]
fn orders_are_permutations_of_one_draw_and_deterministic() {
    let workload = Workload::matrix::<InBetweenFamily>()
        .into_iter()
        .find(|w| w.distribution.name == "legality" && w.mode == Mode::Throughput)
        .unwrap();
    let draw = || {
        let mut prepared = workload.prepare::<InBetweenFamily>(9);
        prepared.draw(2);
        let first = prepared.queries().clone();
        prepared.select(1);
        (first, prepared.queries().clone())
    };
    let (a, b) = draw();
    assert_ne!(a.inputs, b.inputs, "two orders differ");
    let key = |q: &Queries<SquarePair>| {
        let mut pairs: Vec<(u8, u8, u64)> = q
            .inputs
            .iter()
            .zip(q.masks.as_ref().unwrap())
            .map(|(p, &o)| (p.from as u8, p.to as u8, o))
            .collect();
        pairs.sort_unstable();
        pairs
    };
    assert_eq!(
        key(&a),
        key(&b),
        "the same queries, mask kept with its pair"
    );
    assert_eq!(
        draw().0.inputs,
        a.inputs,
        "the same seed draws the same queries"
    );
    let pair = SquarePair::new(Square::E4, Square::B7);
    assert_eq!(InBetweenFamily::mix(pair, 0), pair);
}
