//! Independent jobs spread over the machine's cores, for work that runs while nothing is timed
//! (verifying, the bound's tools).

/// Runs `jobs` on as many threads as the machine has cores; the results in the jobs' order.
pub fn run_in_parallel<'a, T: Send>(jobs: Vec<Box<dyn FnOnce() -> T + Send + 'a>>) -> Vec<T> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let count = jobs.len();
    let queue = std::sync::Mutex::new(jobs.into_iter().enumerate().collect::<Vec<_>>());
    let results = std::sync::Mutex::new((0..count).map(|_| None).collect::<Vec<Option<T>>>());
    std::thread::scope(|scope| {
        for _ in 0..threads.min(count) {
            scope.spawn(|| loop {
                let next = queue.lock().expect("no job panics holding the queue").pop();
                let Some((i, job)) = next else { break };
                let result = job();
                results.lock().expect("no job panics holding the results")[i] = Some(result);
            });
        }
    });
    results
        .into_inner()
        .expect("every thread joined")
        .into_iter()
        .map(|r| r.expect("every job ran"))
        .collect()
}
