//! Images through the cloud's router, kept in a folder: the upload of a JPEG of nearly 10 MB
//! (4000×3000), its transform to 800 pixels wide in WebP, JPEG and AVIF, first made and then kept;
//! the peak memory while 8 such transforms are asked at once (at most
//! `image_store::TRANSFORMS_AT_ONCE` run, the others wait), printed; and the library's first page
//! and a search among 10,000 images.

use std::sync::atomic::{AtomicU32, Ordering};

use axum::body::Body;
use axum::http::{Request, header};
use criterion::{Criterion, criterion_group, criterion_main};
use http_body_util::BodyExt;
use tower::ServiceExt;

const BOUNDARY: &str = "quire-bench-boundary";
const ORIGIN: &str = "http://127.0.0.1:8790";
const PASSWORD: &str = "a long and rare phrase";

/// A 4000×3000 photograph-like JPEG (gradients and grain) of nearly 10 MB.
fn photograph() -> Vec<u8> {
    let mut seed = 0x2545_f491u32;
    let image = image::RgbImage::from_fn(4000, 3000, |x, y| {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        let grain = (seed % 48) as u8;
        image::Rgb([
            (x / 16) as u8 ^ grain,
            (y / 12) as u8 ^ grain,
            ((x + y) / 28) as u8 ^ grain,
        ])
    });
    let mut best = Vec::new();
    for quality in (60..=98).rev().step_by(2) {
        let mut jpeg = Vec::new();
        let encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, quality);
        image.write_with_encoder(encoder).expect("encode");
        if jpeg.len() < 10 * 1024 * 1024 {
            best = jpeg;
            break;
        }
    }
    eprintln!("the photograph: {:.1} MB", best.len() as f64 / 1_048_576.0);
    best
}

fn multipart(jpeg: &[u8]) -> Vec<u8> {
    multipart_named(jpeg, "photo.jpg")
}

fn multipart_named(bytes: &[u8], name: &str) -> Vec<u8> {
    let mut body = format!(
        "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"image\"; filename=\"{name}\"\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
    body
}

fn images(c: &mut Criterion) {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let data = tempfile::tempdir().expect("temp dir");
    let db_url = cloud::Db::sqlite_url(data.path());
    let (router, token) = runtime.block_on(async {
        let db = cloud::Db::open(&db_url).await.expect("db");
        cloud::admin::create_user(&db, "ed@example.com", "Ed", PASSWORD)
            .await
            .expect("user");
        cloud::admin::create_team(&db, "acme", "Acme")
            .await
            .expect("team");
        cloud::admin::add_member(&db, "acme", "ed@example.com", "editor")
            .await
            .expect("member");
        cloud::admin::create_project(&db, "acme/site", "Site", &[])
            .await
            .expect("project");
        cloud::admin::set_flags(&db, "acme", true, false)
            .await
            .expect("flags");
        let token = cloud::admin::issue_token(&db, "acme/site", "ed@example.com")
            .await
            .expect("token");
        let store =
            cloud::image_store::Images::in_folder(&data.path().join("images")).expect("images");
        let origin = url::Url::parse(ORIGIN).expect("url");
        let cloud = cloud::Cloud::new(db, origin).with_images(store);
        (cloud::router(cloud), token)
    });
    let body = multipart(&photograph());
    let upload = || {
        let request = Request::put("/v1/image")
            .header(header::AUTHORIZATION, format!("Bearer {token}"))
            .header(
                header::CONTENT_TYPE,
                format!("multipart/form-data; boundary={BOUNDARY}"),
            )
            .body(Body::from(body.clone()))
            .expect("request");
        let answer = runtime
            .block_on(router.clone().oneshot(request))
            .expect("answer");
        assert!(answer.status().is_success(), "{}", answer.status());
        let bytes = runtime
            .block_on(answer.into_body().collect())
            .expect("body")
            .to_bytes();
        let json: serde_json::Value = serde_json::from_slice(&bytes).expect("JSON");
        json["src"].as_str().expect("src").to_string()
    };
    let mut group = c.benchmark_group("images");
    group.sample_size(10);
    group.bench_function("upload a JPEG of nearly 10 MB", |b| b.iter(upload));
    let src = upload();
    let path = src[src.find("/images/").expect("an image address")..].to_string();
    let get = |query: &str| {
        let request = Request::get(format!("{path}?{query}"))
            .body(Body::empty())
            .expect("request");
        let answer = runtime
            .block_on(router.clone().oneshot(request))
            .expect("answer");
        assert!(answer.status().is_success(), "{}", answer.status());
        runtime
            .block_on(answer.into_body().collect())
            .expect("body")
            .to_bytes()
    };
    // A width not asked before: the transform is made, not found kept.
    let width = AtomicU32::new(800);
    for format in ["webp", "jpeg", "avif"] {
        group.bench_function(format!("4000×3000 to 800 px {format}, first"), |b| {
            b.iter(|| {
                get(&format!(
                    "w={}&f={format}",
                    width.fetch_add(1, Ordering::Relaxed)
                ))
            })
        });
        get(&format!("w=800&f={format}"));
        group.bench_function(format!("4000×3000 to 800 px {format}, kept"), |b| {
            b.iter(|| get(&format!("w=800&f={format}")))
        });
    }
    group.finish();

    // Eight first transforms asked at once: how much the process's peak memory grows.
    let resident = |field: &str| -> u64 {
        let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
        let line = status
            .lines()
            .find(|line| line.starts_with(field))
            .expect("the field");
        line.split_whitespace()
            .nth(1)
            .expect("kB")
            .parse()
            .expect("a number")
    };
    // Writing 5 resets the peak (VmHWM) to what is resident now.
    std::fs::write("/proc/self/clear_refs", "5").expect("the peak resets");
    let before = resident("VmHWM:");
    let asked: Vec<_> = (0..8)
        .map(|n| {
            let request = Request::get(format!("{path}?w={}&f=webp", 1200 + n))
                .body(Body::empty())
                .expect("request");
            router.clone().oneshot(request)
        })
        .collect();
    for answer in runtime.block_on(futures_util::future::join_all(asked)) {
        assert!(answer.expect("answer").status().is_success());
    }
    eprintln!(
        "8 transforms of 4000×3000 to 1200 px asked at once: peak memory {} MB above the {} MB before",
        (resident("VmHWM:") - before) / 1024,
        before / 1024
    );

    library(c, &runtime, &router, &db_url);
}

/// The library's first page, and a search, among 10,000 images (small ones: a page is about the
/// database, not the pixels), as its page asks: with the cloud's session. The uploads go with
/// several tokens, each within the calls a token may make a minute.
fn library(
    c: &mut Criterion,
    runtime: &tokio::runtime::Runtime,
    router: &axum::Router,
    db_url: &str,
) {
    let tiny = {
        let mut png = Vec::new();
        image::RgbImage::from_pixel(2, 2, image::Rgb([20, 90, 200]))
            .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
            .expect("png");
        png
    };
    let send = |request: Request<Body>| router.clone().oneshot(request);
    let cookie = runtime.block_on(async {
        let db = cloud::Db::open(db_url).await.expect("db");
        for batch in 0..20 {
            let token = cloud::admin::issue_token(&db, "acme/site", "ed@example.com")
                .await
                .expect("token");
            let sent: Vec<_> = (0..500)
                .map(|n| {
                    let name = format!("picture-{}.png", batch * 500 + n);
                    let request = Request::put("/v1/image")
                        .header(header::AUTHORIZATION, format!("Bearer {token}"))
                        .header(
                            header::CONTENT_TYPE,
                            format!("multipart/form-data; boundary={BOUNDARY}"),
                        )
                        .body(Body::from(multipart_named(&tiny, &name)))
                        .expect("request");
                    send(request)
                })
                .collect();
            for answer in futures_util::future::join_all(sent).await {
                let answer = answer.expect("answer");
                assert!(answer.status().is_success(), "{}", answer.status());
            }
        }
        let request = Request::post("/api/session")
            .header(header::ORIGIN, ORIGIN)
            .header(header::USER_AGENT, "Bench/1.0")
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(
                serde_json::json!({ "email": "ed@example.com", "password": PASSWORD }).to_string(),
            ))
            .expect("request");
        let answer = send(request).await.expect("answer");
        assert!(answer.status().is_success(), "{}", answer.status());
        let set = answer.headers()[header::SET_COOKIE]
            .to_str()
            .expect("cookie");
        set.split(';').next().expect("cookie").to_string()
    });
    let mut group = c.benchmark_group("library of 10,000 images");
    for (name, query) in [
        ("first page", "limit=60"),
        ("search", "q=picture-99&limit=60"),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| {
                let request = Request::get(format!("/api/teams/acme/projects/site/images?{query}"))
                    .header(header::COOKIE, &cookie)
                    .body(Body::empty())
                    .expect("request");
                let answer = runtime.block_on(send(request)).expect("answer");
                assert!(answer.status().is_success(), "{}", answer.status());
                runtime
                    .block_on(answer.into_body().collect())
                    .expect("body")
            })
        });
    }
    group.finish();
}

criterion_group!(benches, images);
criterion_main!(benches);
