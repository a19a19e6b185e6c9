//! Trees and blobs by their git ids, shared between everyone: an id names its content, so a hit
//! is always right. Bounded as the spec bounds them (40 trees, 200 blobs) and by size, so that a
//! site of large images cannot fill the server's memory; the oldest goes first.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

/// The values with their sizes, and their keys from oldest to newest.
struct Entries<V> {
    values: HashMap<String, (Arc<V>, usize)>,
    order: VecDeque<String>,
    bytes: usize,
}

pub struct Bounded<V> {
    inner: Mutex<Entries<V>>,
    capacity: usize,
    max_bytes: usize,
}

impl<V> Bounded<V> {
    /// At most `capacity` values of `max_bytes` in all; a value larger than an eighth of that is
    /// not kept at all.
    pub fn new(capacity: usize, max_bytes: usize) -> Bounded<V> {
        Bounded {
            inner: Mutex::new(Entries {
                values: HashMap::new(),
                order: VecDeque::new(),
                bytes: 0,
            }),
            capacity,
            max_bytes,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Entries<V>> {
        // Every change below leaves the entries whole: a panic elsewhere cannot corrupt them.
        self.inner
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn get(&self, key: &str) -> Option<Arc<V>> {
        self.lock().values.get(key).map(|(value, _)| value.clone())
    }

    /// Keeps `value`, which takes about `size` bytes.
    pub fn put(&self, key: String, value: Arc<V>, size: usize) {
        if size > self.max_bytes / 8 {
            return;
        }
        let mut entries = self.lock();
        if entries.values.contains_key(&key) {
            return;
        }
        entries.values.insert(key.clone(), (value, size));
        entries.order.push_back(key);
        entries.bytes += size;
        while entries.order.len() > self.capacity || entries.bytes > self.max_bytes {
            let Some(old) = entries.order.pop_front() else {
                break;
            };
            if let Some((_, size)) = entries.values.remove(&old) {
                entries.bytes -= size;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_oldest_goes_when_full() {
        let cache = Bounded::new(2, 1000);
        cache.put("a".into(), Arc::new(1), 1);
        cache.put("b".into(), Arc::new(2), 1);
        cache.put("c".into(), Arc::new(3), 1);
        assert!(cache.get("a").is_none());
        assert_eq!(cache.get("b").as_deref(), Some(&2));
        assert_eq!(cache.get("c").as_deref(), Some(&3));
    }

    #[test]
    fn size_bounds_it_too_and_large_values_are_not_kept() {
        let cache = Bounded::new(100, 800);
        cache.put("big".into(), Arc::new(0), 101);
        assert!(cache.get("big").is_none());
        for key in ["a", "b", "c", "d", "e", "f", "g", "h", "i"] {
            cache.put(key.into(), Arc::new(0), 100);
        }
        assert!(cache.get("a").is_none(), "900 bytes went over 800");
        assert!(cache.get("i").is_some());
    }
}
