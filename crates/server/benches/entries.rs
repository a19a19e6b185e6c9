//! Listing a collection of 10,000 entries: the first request (every file hashed and parsed) and the
//! following ones (rows reused while files are unchanged).

use std::sync::Arc;

use axum::body::Body;
use axum::http::Request;
use criterion::{Criterion, criterion_group, criterion_main};
use server::{AppState, router};
use tower::ServiceExt;

const ENTRIES: usize = 10_000;

fn site() -> (tempfile::TempDir, AppState) {
    let dir = tempfile::tempdir().expect("temp dir");
    let posts = dir.path().join("posts");
    std::fs::create_dir_all(&posts).expect("mkdir");
    for i in 0..ENTRIES {
        let text = format!(
            "---\ntitle: Post number {i}\npublishedDate: 2024-06-26\n---\nBody of post {i}.\n"
        );
        std::fs::write(posts.join(format!("post-{i:05}.mdoc")), text).expect("write");
    }
    let config = content::config::parse(
        "collections:\n  posts:\n    path: posts/*\n    slugField: title\n    format: { contentField: body }\n    columns: [title, publishedDate]\n    schema:\n      title: { kind: slug, label: Title }\n      publishedDate: { kind: date, label: Date }\n      body: { kind: markdoc, label: Body }\n",
    )
    .expect("config");
    let storage = Arc::new(storage_fs::FsStorage::new(dir.path()));
    (dir, AppState::new(config, storage, vec!["bench".into()]))
}

fn list(runtime: &tokio::runtime::Runtime, state: &AppState) -> usize {
    runtime.block_on(async {
        let request = Request::get("/api/keystatic/v1/collections/posts/entries")
            .header("no-cors", "1")
            .header("host", "bench")
            .body(Body::empty())
            .expect("request");
        let response = router(state.clone())
            .oneshot(request)
            .await
            .expect("response");
        assert!(response.status().is_success());
        ENTRIES
    })
}

fn entries(c: &mut Criterion) {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let mut group = c.benchmark_group("list 10k entries");
    group.sample_size(10);
    group.bench_function("cold", |b| {
        b.iter_batched(
            site,
            |(_dir, state)| list(&runtime, &state),
            criterion::BatchSize::PerIteration,
        )
    });
    let (_dir, state) = site();
    list(&runtime, &state);
    group.bench_function("warm", |b| b.iter(|| list(&runtime, &state)));
    group.finish();
}

criterion_group!(benches, entries);
criterion_main!(benches);
