//! Requests per token and minute on the calls that reach GitHub, so that one token cannot spend the
//! cloud's app's allowance. Counted by each instance for itself (an estimate behind a balancer,
//! which is all a limit needs); tokens are kept as hashes, as everywhere.

use std::collections::HashMap;
use std::sync::Mutex;

use crate::db::now;
use crate::secret;

/// Calls a token may make each minute: far above what an admin makes, well below GitHub's limits.
pub const PER_MINUTE: u32 = 600;

#[derive(Default)]
pub struct Limits {
    /// Token hash → the minute counted and the calls in it.
    counts: Mutex<HashMap<String, (i64, u32)>>,
}

impl Limits {
    /// Counts a call of `token`: `Some(seconds)` to wait when the minute's calls are spent.
    pub fn spend(&self, token: &str) -> Option<i64> {
        let now = now();
        let minute = now / 60;
        let mut counts = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        if counts.len() > 10_000 {
            counts.retain(|_, (counted, _)| *counted == minute);
        }
        let count = counts.entry(secret::hash(token)).or_insert((minute, 0));
        if count.0 != minute {
            *count = (minute, 0);
        }
        count.1 += 1;
        (count.1 > PER_MINUTE).then(|| 60 - now % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_waits_once_its_minutes_calls_are_spent_and_others_do_not() {
        let limits = Limits::default();
        for _ in 0..PER_MINUTE {
            if limits.spend("busy").is_some() {
                // The minute turned meanwhile: counting starts over, which is all a limit needs.
                return;
            }
        }
        let wait = limits.spend("busy").expect("the next call waits");
        assert!((1..=60).contains(&wait), "{wait} seconds");
        assert_eq!(limits.spend("another"), None);
    }
}
