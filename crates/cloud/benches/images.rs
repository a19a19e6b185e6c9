//! Images through the cloud's router, kept in a folder: the upload of a JPEG of nearly 10 MB
//! (4000×3000), and its transform to 800 pixels wide in WebP and in JPEG, first made and then
//! kept. Memory while transforms run at once is bounded by `image_store::TRANSFORMS_AT_ONCE`.

use std::sync::atomic::{AtomicU32, Ordering};

use axum::body::Body;
use axum::http::{Request, header};
use criterion::{Criterion, criterion_group, criterion_main};
use http_body_util::BodyExt;
use tower::ServiceExt;

const BOUNDARY: &str = "quire-bench-boundary";

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
    let mut body = format!(
        "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"image\"; filename=\"photo.jpg\"\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(jpeg);
    body.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
    body
}

fn images(c: &mut Criterion) {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let data = tempfile::tempdir().expect("temp dir");
    let (router, token) = runtime.block_on(async {
        let db = cloud::Db::open(&cloud::Db::sqlite_url(data.path()))
            .await
            .expect("db");
        let password = "a long and rare phrase";
        cloud::admin::create_user(&db, "ed@example.com", "Ed", password)
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
        let origin = url::Url::parse("http://127.0.0.1:8790").expect("url");
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
    for format in ["webp", "jpeg"] {
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
}

criterion_group!(benches, images);
criterion_main!(benches);
