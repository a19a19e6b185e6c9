//! A collection's list at 10,000 and 100,000 entries: the first request at 10,000 (every file
//! hashed and parsed), then, with rows reused while files are unchanged, a first page, every row, a
//! search and a page in another order; then the index kept current: one entry edited outside the
//! admin and the first page listed again, and one entry opened.

use std::sync::Arc;

use axum::body::Body;
use axum::http::Request;
use criterion::{Criterion, criterion_group, criterion_main};
use server::{AppState, router};
use tower::ServiceExt;

const SIZES: [usize; 2] = [10_000, 100_000];

fn site(entries: usize) -> (tempfile::TempDir, AppState) {
    let dir = tempfile::tempdir().expect("temp dir");
    let posts = dir.path().join("posts");
    std::fs::create_dir_all(&posts).expect("mkdir");
    for i in 0..entries {
        let text = format!(
            "---\ntitle: Post number {i}\npublishedDate: 2024-{:02}-{:02}\n---\nBody of post {i}.\n",
            1 + i % 12,
            1 + i % 28
        );
        std::fs::write(posts.join(format!("post-{i:06}.mdoc")), text).expect("write");
    }
    let config = content::config::parse(
        "collections:\n  posts:\n    path: posts/*\n    slugField: title\n    format: { contentField: body }\n    columns: [title, publishedDate]\n    schema:\n      title: { kind: slug, label: Title }\n      publishedDate: { kind: date, label: Date }\n      body: { kind: markdoc, label: Body }\n",
    )
    .expect("config");
    let storage = Arc::new(storage_fs::FsStorage::new(dir.path()));
    (dir, AppState::new(config, storage, vec!["bench".into()]))
}

fn list(runtime: &tokio::runtime::Runtime, state: &AppState, query: &str) {
    get(
        runtime,
        state,
        &format!("/collections/posts/entries{query}"),
    );
}

/// A `GET` of Quire's API, which must answer 2xx.
fn get(runtime: &tokio::runtime::Runtime, state: &AppState, route: &str) {
    runtime.block_on(async {
        let request = Request::get(format!("/api/keystatic/v1{route}"))
            .header("no-cors", "1")
            .header("host", "bench")
            .body(Body::empty())
            .expect("request");
        let response = router(state.clone())
            .oneshot(request)
            .await
            .expect("response");
        assert!(response.status().is_success());
    })
}

fn entries(c: &mut Criterion) {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    for size in SIZES {
        let mut group = c.benchmark_group(format!("list {size} entries"));
        group.sample_size(10);
        if size == SIZES[0] {
            group.bench_function("cold, every row", |b| {
                b.iter_batched(
                    || site(size),
                    |(_dir, state)| list(&runtime, &state, ""),
                    criterion::BatchSize::PerIteration,
                )
            });
        }
        let (dir, state) = site(size);
        list(&runtime, &state, "");
        let queries = [
            ("first page", "?limit=100"),
            ("every row", ""),
            ("search, first page", "?search=number%20123&limit=100"),
            (
                "newest first, first page",
                "?sort=publishedDate&direction=descending&limit=100",
            ),
        ];
        for (name, query) in queries {
            group.bench_function(name, |b| b.iter(|| list(&runtime, &state, query)));
        }
        let edited = dir.path().join("posts/post-000042.mdoc");
        let mut round = 0;
        group.bench_function("an entry edited outside, then the first page", |b| {
            b.iter(|| {
                round += 1;
                let text = format!("---\ntitle: Post number 42, edit {round}\n---\nEdited.\n");
                std::fs::write(&edited, text).expect("write");
                list(&runtime, &state, "?limit=100");
            })
        });
        group.bench_function("one entry's files", |b| {
            b.iter(|| get(&runtime, &state, "/collections/posts/entries/post-000042"))
        });
        group.finish();
    }
}

criterion_group!(benches, entries);
criterion_main!(benches);
