//! Trees and blobs by their git ids, shared between everyone: an id names its content, so a hit
//! is always right. Bounded as the spec bounds them (40 trees, 200 blobs); the oldest goes first.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

/// The values, and their keys from oldest to newest.
type Entries<V> = (HashMap<String, Arc<V>>, VecDeque<String>);

pub struct Bounded<V> {
    inner: Mutex<Entries<V>>,
    capacity: usize,
}

impl<V> Bounded<V> {
    pub fn new(capacity: usize) -> Bounded<V> {
        Bounded {
            inner: Mutex::new((HashMap::new(), VecDeque::new())),
            capacity,
        }
    }

    pub fn get(&self, key: &str) -> Option<Arc<V>> {
        self.inner.lock().expect("not poisoned").0.get(key).cloned()
    }

    pub fn put(&self, key: String, value: Arc<V>) {
        let mut inner = self.inner.lock().expect("not poisoned");
        let (map, order) = &mut *inner;
        if map.insert(key.clone(), value).is_none() {
            order.push_back(key);
            while order.len() > self.capacity {
                if let Some(old) = order.pop_front() {
                    map.remove(&old);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_oldest_goes_when_full() {
        let cache = Bounded::new(2);
        cache.put("a".into(), Arc::new(1));
        cache.put("b".into(), Arc::new(2));
        cache.put("c".into(), Arc::new(3));
        assert!(cache.get("a").is_none());
        assert_eq!(cache.get("b").as_deref(), Some(&2));
        assert_eq!(cache.get("c").as_deref(), Some(&3));
    }
}
