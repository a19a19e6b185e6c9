//! A project's images through the real router, each scenario with its images in a folder and again
//! in a bucket of a real S3-compatible server, and two instances sharing one bucket: an editor uploads (checked by
//! bytes, size and a bounded decode), the image is delivered at its address as it was and in
//! transforms made once and kept, looked up by its address; viewers, teams without images, other
//! projects and strangers are refused; the library on the cloud's pages lists, searches, uploads,
//! sets alt text and deletes.

#[macro_use]
mod harness;

use axum::body::Body;
use axum::http::{Request, header};
use futures_util::TryStreamExt;
use harness::oauth::token_for;
use harness::s3::{Keep, Kept, S3Server};
use harness::{ADMIN, Answer, Harness, picture};
use serde_json::Value;

/// A test per scenario with its images in a folder, and one that runs them all on an S3 server,
/// each with a bucket of its own. The scenarios are `async fn(Keep<'_>)`.
macro_rules! on_disk_and_s3 {
    ($($scenario:ident),* $(,)?) => {
        mod on_disk {
            use super::*;
            $(
                #[tokio::test]
                async fn $scenario() {
                    super::$scenario(Keep::Folder).await;
                }
            )*
        }

        #[tokio::test(flavor = "multi_thread")]
        async fn every_scenario_passes_on_s3() {
            let server = tokio::task::spawn_blocking(S3Server::start).await.unwrap();
            $($scenario(Keep::S3(&server)).await;)*
        }
    };
}

on_disk_and_s3!(
    an_editor_uploads_an_image_delivered_as_it_was_and_in_transforms_made_once,
    uploads_are_known_by_their_bytes_limited_in_size_and_decoded_within_bounds,
    viewers_teams_without_images_other_projects_and_strangers_are_refused,
    the_library_lists_searches_uploads_sets_alt_text_and_deletes,
    a_sites_admin_pages_through_its_projects_library_with_a_persons_token,
);

/// Acme with images on, its project acme/site, editor Eddie and viewer Vera, images kept where the
/// scenario says.
struct World {
    h: Harness,
    kept: Kept,
    /// The owner's session on the cloud's pages.
    owner: String,
}

impl World {
    async fn new(keep: Keep<'_>) -> World {
        let (images, kept) = keep.open();
        let mut h = Harness::sqlite().await;
        h.cloud = h.cloud.with_images(images);
        h.router = cloud::router(h.cloud.clone());
        let owner = h.set_up().await;
        let db = h.db();
        cloud::admin::set_flags(db, "acme", true, false)
            .await
            .unwrap();
        cloud::admin::create_project(db, "acme/other", "Other", &[ADMIN.to_string()])
            .await
            .unwrap();
        for (email, name, role) in [
            ("editor@example.com", "Eddie Editor", "editor"),
            ("viewer@example.com", "Vera Viewer", "viewer"),
        ] {
            h.add_person(email, name, role).await;
        }
        World { h, kept, owner }
    }

    async fn token(&self, email: &str, project: &str) -> String {
        let cookie = self.h.sign_in(email).await;
        token_for(&self.h, &cookie, project).await
    }

    async fn upload(&self, token: &str, name: &str, bytes: &[u8]) -> Answer {
        self.send_image(
            "/v1/image",
            &[(header::AUTHORIZATION.as_str(), &format!("Bearer {token}"))],
            name,
            bytes,
        )
        .await
    }

    /// An upload from the library's page, with `cookie`'s session.
    async fn library_upload(&self, cookie: &str, name: &str, bytes: &[u8]) -> Answer {
        let headers = [("cookie", cookie), ("origin", self.h.origin.as_str())];
        self.send_image(
            "/api/teams/acme/projects/site/images",
            &headers,
            name,
            bytes,
        )
        .await
    }

    async fn send_image(
        &self,
        uri: &str,
        headers: &[(&str, &str)],
        name: &str,
        bytes: &[u8],
    ) -> Answer {
        let boundary = "quire-boundary-7MA4YWxkTrZu0gW";
        let mut body = format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"image\"; filename=\"{name}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
        )
        .into_bytes();
        body.extend_from_slice(bytes);
        body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
        let mut request = Request::put(uri).header(
            header::CONTENT_TYPE,
            format!("multipart/form-data; boundary={boundary}"),
        );
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        self.h.send(request.body(Body::from(body)).unwrap()).await
    }

    async fn fetch(&self, path: &str, accept: &str) -> Answer {
        let request = Request::get(path)
            .header(header::ACCEPT, accept)
            .body(Body::empty())
            .unwrap();
        self.h.send(request).await
    }

    async fn lookup(&self, token: &str, url: &str) -> Answer {
        let query = url::form_urlencoded::Serializer::new(String::new())
            .append_pair("url", url)
            .finish();
        self.h.bearer(&format!("/v1/image?{query}"), token).await
    }

    /// The files kept of the project's images (`{id}/original`, `{id}/{transform}`), in order.
    async fn kept(&self) -> Vec<String> {
        let mut found: Vec<String> = self
            .kept
            .objects
            .list(None)
            .map_ok(|meta| meta.location.to_string())
            .try_collect()
            .await
            .unwrap();
        found.sort();
        found
    }
}

fn dimensions(bytes: &[u8]) -> (image::ImageFormat, u32, u32) {
    let format = image::guess_format(bytes).unwrap();
    let image = image::load_from_memory(bytes).unwrap();
    (format, image.width(), image.height())
}

/// An AVIF file's width and height, from its `ispe` box (the `image` crate encodes AVIF but does
/// not decode it); it must be an AVIF file (`ftyp` brand `avif`).
fn avif_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[4..12], b"ftypavif", "an AVIF file");
    let at = bytes
        .windows(4)
        .position(|window| window == b"ispe")
        .expect("an ispe box");
    let number = |from: usize| u32::from_be_bytes(bytes[from..from + 4].try_into().unwrap());
    // The box's version and flags, then the width and the height.
    (number(at + 8), number(at + 12))
}

fn path_of(src: &str) -> &str {
    &src[src.find("/images/").unwrap()..]
}

async fn an_editor_uploads_an_image_delivered_as_it_was_and_in_transforms_made_once(
    keep: Keep<'_>,
) {
    let w = World::new(keep).await;
    let token = w.token("editor@example.com", "acme/site").await;
    let png = picture(400, 300);
    let answer = w.upload(&token, "My Photo (1).PNG", &png).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let body = answer.json();
    let src = body["src"].as_str().unwrap();
    assert!(
        src.starts_with(&format!("{}/images/acme/site/", w.h.origin))
            && src.ends_with("/my-photo-1.png"),
        "{src}"
    );
    assert_eq!(
        (body["width"].as_u64(), body["height"].as_u64()),
        (Some(400), Some(300))
    );

    let original = w.fetch(path_of(src), "image/webp,*/*").await;
    assert_eq!(original.status, 200);
    assert_eq!(original.bytes, png, "the original, byte for byte");
    assert_eq!(original.headers[header::CONTENT_TYPE], "image/png");
    assert_eq!(
        original.headers[header::CACHE_CONTROL],
        "public, max-age=31536000, immutable"
    );
    assert_eq!(
        original.headers[header::CONTENT_SECURITY_POLICY],
        "default-src 'none'; sandbox"
    );
    assert_eq!(original.headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff");

    let narrow = w.fetch(&format!("{}?w=100", path_of(src)), "*/*").await;
    assert_eq!(narrow.status, 200, "{}", narrow.body);
    assert_eq!(
        dimensions(&narrow.bytes),
        (image::ImageFormat::Png, 100, 75)
    );
    assert_eq!(narrow.headers[header::VARY], "Accept");
    let webp = w
        .fetch(
            &format!("{}?w=100", path_of(src)),
            "image/avif,image/webp,*/*",
        )
        .await;
    assert_eq!(webp.headers[header::CONTENT_TYPE], "image/webp");
    assert_eq!(dimensions(&webp.bytes), (image::ImageFormat::WebP, 100, 75));
    let square = w
        .fetch(
            &format!("{}?width=50&height=50&fit=cover&f=jpeg&q=60", path_of(src)),
            "*/*",
        )
        .await;
    assert_eq!(square.headers[header::CONTENT_TYPE], "image/jpeg");
    assert!(
        !square.headers.contains_key(header::VARY),
        "the format was asked"
    );
    assert_eq!(
        dimensions(&square.bytes),
        (image::ImageFormat::Jpeg, 50, 50)
    );
    let avif = w
        .fetch(&format!("{}?w=40&f=avif&q=50", path_of(src)), "*/*")
        .await;
    assert_eq!(avif.status, 200, "{}", avif.body);
    assert_eq!(avif.headers[header::CONTENT_TYPE], "image/avif");
    assert_eq!(avif_size(&avif.bytes), (40, 30));
    let bad = w.fetch(&format!("{}?w=0", path_of(src)), "*/*").await;
    assert_eq!(bad.status, 400);
    assert_eq!(
        bad.json()["message"],
        "width must be a whole number from 1 to 10240; it is \"0\"."
    );

    // Each transform is kept beside the original, which stays as it was.
    let id = src.rsplit('/').nth(1).unwrap();
    assert_eq!(
        w.kept().await,
        vec![
            format!("{id}/original"),
            format!("{id}/w100-h_-scale-down-q_.png"),
            format!("{id}/w100-h_-scale-down-q_.webp"),
            format!("{id}/w40-h_-scale-down-q50.avif"),
            format!("{id}/w50-h50-cover-q60.jpeg"),
        ]
    );
    let again = w.fetch(&format!("{}?w=100", path_of(src)), "*/*").await;
    assert_eq!(again.bytes, narrow.bytes);

    let found = w.lookup(&token, &format!("{src}?w=100")).await;
    assert_eq!(found.status, 200, "{}", found.body);
    let found = found.json();
    assert_eq!(found["src"], src);
    assert_eq!(found["alt"], "");
    assert_eq!(
        (found["width"].as_u64(), found["height"].as_u64()),
        (Some(400), Some(300))
    );

    let wrong_name = w
        .fetch(&path_of(src).replace("my-photo-1.png", "other.png"), "*/*")
        .await;
    assert_eq!(wrong_name.status, 404);
}

/// A PNG whose header says `width` × `height`, with nothing behind it: what a decompression bomb
/// looks like before it unpacks.
fn claimed_png(width: u32, height: u32) -> Vec<u8> {
    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = 0xffff_ffffu32;
        for byte in bytes {
            crc ^= u32::from(*byte);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xedb8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }
    let mut png = picture(1, 1);
    // The header chunk: length, `IHDR`, width and height at bytes 16..24, its CRC at 29..33.
    png[16..20].copy_from_slice(&width.to_be_bytes());
    png[20..24].copy_from_slice(&height.to_be_bytes());
    let crc = crc32(&png[12..29]);
    png[29..33].copy_from_slice(&crc.to_be_bytes());
    png
}

async fn uploads_are_known_by_their_bytes_limited_in_size_and_decoded_within_bounds(
    keep: Keep<'_>,
) {
    let w = World::new(keep).await;
    let token = w.token("editor@example.com", "acme/site").await;
    let wrong_type = "Invalid image type, only PNG, JPEG, GIF, and WebP are supported";
    let svg = w
        .upload(
            &token,
            "logo.png",
            br#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#,
        )
        .await;
    assert_eq!(svg.status, 400);
    assert_eq!(svg.json()["message"], wrong_type);
    let html = w.upload(&token, "page.gif", b"<!DOCTYPE html><p>hi").await;
    assert_eq!(html.json()["message"], wrong_type);

    let mut huge = picture(10, 10);
    huge.resize(10 * 1024 * 1024 + 1, 0);
    let too_large = w.upload(&token, "huge.png", &huge).await;
    assert_eq!(too_large.status, 413, "{}", too_large.body);
    assert_eq!(
        too_large.json()["message"],
        "Images must be smaller than 10MB"
    );

    let mut broken = picture(10, 10);
    broken.truncate(40);
    let unreadable = w.upload(&token, "broken.png", &broken).await;
    assert_eq!(unreadable.status, 400);
    assert!(
        unreadable.json()["message"]
            .as_str()
            .unwrap()
            .starts_with("This file is not an image that can be read"),
        "{}",
        unreadable.body
    );
    for (width, height) in [(20_001, 1), (15_000, 15_000)] {
        let bomb = w
            .upload(&token, "bomb.png", &claimed_png(width, height))
            .await;
        assert_eq!(bomb.status, 400, "{width}×{height}: {}", bomb.body);
        assert_eq!(
            bomb.json()["message"],
            "This image is too large to open: at most 20,000 pixels a side, and 512 MB once decoded."
        );
    }
    assert!(w.kept().await.is_empty(), "nothing refused is kept");
}

async fn viewers_teams_without_images_other_projects_and_strangers_are_refused(keep: Keep<'_>) {
    let w = World::new(keep).await;
    let editor = w.token("editor@example.com", "acme/site").await;
    let src = w.upload(&editor, "a.png", &picture(4, 4)).await.json()["src"]
        .as_str()
        .unwrap()
        .to_string();

    let viewer = w.token("viewer@example.com", "acme/site").await;
    let refused = w.upload(&viewer, "b.png", &picture(4, 4)).await;
    assert_eq!(refused.status, 403);
    // Refused before its body was read: the connection closes rather than carry what was left.
    assert_eq!(refused.headers[header::CONNECTION], "close");
    assert_eq!(
        refused.json()["message"],
        "Viewers of Acme cannot upload or change images: an admin of the team can make you an editor."
    );
    assert_eq!(
        w.lookup(&viewer, &src).await.status,
        200,
        "viewers look images up"
    );

    let other = w.token("editor@example.com", "acme/other").await;
    let elsewhere = w.lookup(&other, &src).await;
    assert_eq!(elsewhere.status, 404);
    assert_eq!(
        elsewhere.json()["message"],
        "This address is not an image of acme/other."
    );

    let stranger = w.upload("not-a-token", "c.png", &picture(4, 4)).await;
    assert_eq!(stranger.status, 401);

    cloud::admin::set_flags(w.h.db(), "acme", false, false)
        .await
        .unwrap();
    let off = "Images are off for Acme: an admin of the team switches them on.";
    let upload = w.upload(&editor, "d.png", &picture(4, 4)).await;
    assert_eq!(
        (upload.status.as_u16(), upload.json()["message"].clone()),
        (403, Value::from(off))
    );
    assert_eq!(w.lookup(&editor, &src).await.status, 403);
    // What sites show stays shown.
    assert_eq!(w.fetch(path_of(&src), "*/*").await.status, 200);
}

async fn the_library_lists_searches_uploads_sets_alt_text_and_deletes(keep: Keep<'_>) {
    let w = World::new(keep).await;
    let token = w.token("editor@example.com", "acme/site").await;
    for name in ["hero.png", "team photo.png", "100%_done.png"] {
        let answer = w.upload(&token, name, &picture(8, 6)).await;
        assert_eq!(answer.status, 200, "{}", answer.body);
    }
    let from_page = w.library_upload(&w.owner, "Logo.PNG", &picture(4, 4)).await;
    assert_eq!(from_page.status, 200, "{}", from_page.body);
    let list = |query: &'static str| {
        let w = &w;
        async move {
            let path = format!("/api/teams/acme/projects/site/images{query}");
            let answer = w.h.get(&path, Some(&w.owner)).await;
            assert_eq!(answer.status, 200, "{}", answer.body);
            answer.json()
        }
    };
    let names = |page: &Value| -> Vec<String> {
        page["images"]
            .as_array()
            .unwrap()
            .iter()
            .map(|image| image["name"].as_str().unwrap().to_string())
            .collect()
    };
    let all = list("").await;
    assert_eq!(all["total"], 4);
    assert_eq!(
        all["images"][0]["src"],
        from_page.json()["src"],
        "newest first"
    );
    assert_eq!(names(&list("?limit=2&offset=2").await).len(), 2);
    assert_eq!(names(&list("?q=PHOTO").await), vec!["team-photo.png"]);
    assert_eq!(names(&list("?q=100-D").await), vec!["100-done.png"]);
    // Unescaped, LIKE's own characters would match every name.
    assert_eq!(list("?q=_").await["total"], 0, "searched as they are");
    assert_eq!(list("?q=%25").await["total"], 0, "searched as they are");

    let hero = list("?q=hero").await["images"][0].clone();
    let path = format!(
        "/api/teams/acme/projects/site/images/{}",
        hero["id"].as_str().unwrap()
    );
    let set =
        w.h.api(
            "PATCH",
            &path,
            Some(&w.owner),
            serde_json::json!({ "alt": " A red and blue flag " }),
        )
        .await;
    assert_eq!(set.status, 204, "{}", set.body);
    assert_eq!(names(&list("?q=blue%20flag").await), vec!["hero.png"]);
    let found = w.lookup(&token, hero["src"].as_str().unwrap()).await.json();
    assert_eq!(found["alt"], "A red and blue flag");

    let viewer = w.h.sign_in("viewer@example.com").await;
    assert_eq!(
        w.h.get("/api/teams/acme/projects/site/images", Some(&viewer))
            .await
            .status,
        200
    );
    let refused = w.h.api("DELETE", &path, Some(&viewer), Value::Null).await;
    assert_eq!(refused.status, 403);

    let hero_src = hero["src"].as_str().unwrap();
    assert_eq!(
        w.fetch(&format!("{}?w=4", path_of(hero_src)), "*/*")
            .await
            .status,
        200
    );
    let id = hero["id"].as_str().unwrap();
    assert!(w.kept().await.iter().any(|file| file.starts_with(id)));
    let deleted = w.h.api("DELETE", &path, Some(&w.owner), Value::Null).await;
    assert_eq!(deleted.status, 204, "{}", deleted.body);
    assert_eq!(w.fetch(path_of(hero_src), "*/*").await.status, 404);
    assert!(
        !w.kept().await.iter().any(|file| file.starts_with(id)),
        "its original and transforms are gone"
    );
    assert_eq!(list("").await["total"], 3);
    let again = w.h.api("DELETE", &path, Some(&w.owner), Value::Null).await;
    assert_eq!(again.status, 404);
}

async fn a_sites_admin_pages_through_its_projects_library_with_a_persons_token(keep: Keep<'_>) {
    let w = World::new(keep).await;
    let editor = w.token("editor@example.com", "acme/site").await;
    for name in ["hero.png", "logo.png"] {
        let answer = w.upload(&editor, name, &picture(8, 6)).await;
        assert_eq!(answer.status, 200, "{}", answer.body);
    }
    let viewer = w.token("viewer@example.com", "acme/site").await;
    let page = w.h.bearer("/v1/images?q=LOGO", &viewer).await;
    assert_eq!(page.status, 200, "{}", page.body);
    let page = page.json();
    assert_eq!(page["total"], 1);
    assert_eq!(page["images"][0]["name"], "logo.png");
    assert_eq!(page["images"][0]["width"], 8);
    assert!(
        page["images"][0]["src"]
            .as_str()
            .unwrap()
            .contains("/images/acme/site/")
    );
    let first = w.h.bearer("/v1/images?limit=1", &viewer).await.json();
    assert_eq!(first["images"].as_array().unwrap().len(), 1);
    assert_eq!(first["total"], 2);

    // Another project's token sees its own library only; no token sees none.
    let other = w.token("editor@example.com", "acme/other").await;
    let theirs = w.h.bearer("/v1/images", &other).await;
    assert_eq!(theirs.status, 200, "{}", theirs.body);
    assert_eq!(theirs.json()["total"], 0);
    assert_eq!(w.h.bearer("/v1/images", "no-such-token").await.status, 401);
}

#[tokio::test(flavor = "multi_thread")]
async fn two_instances_share_one_bucket_of_images() {
    let server = tokio::task::spawn_blocking(S3Server::start).await.unwrap();
    let w = World::new(Keep::S3(&server)).await;
    let url = w.kept.s3_url.clone().unwrap();
    let other =
        w.h.another_instance(cloud::image_store::Images::in_s3(&url, server.settings()).unwrap());
    let token = w.token("editor@example.com", "acme/site").await;
    let sent = w.upload(&token, "hero.png", &picture(40, 30)).await;
    assert_eq!(sent.status, 200, "{}", sent.body);
    let src = sent.json()["src"].as_str().unwrap().to_string();

    // The other instance delivers it, and makes a transform the first then serves as kept.
    let get = |path: String| {
        Request::get(path)
            .header(header::ACCEPT, "image/png")
            .body(Body::empty())
            .unwrap()
    };
    let original = other.send(get(path_of(&src).to_string())).await;
    assert_eq!(original.status, 200);
    assert_eq!(dimensions(&original.bytes).1, 40);
    let small = format!("{}?w=20", path_of(&src));
    let made = other.send(get(small.clone())).await;
    assert_eq!(made.status, 200);
    assert_eq!(dimensions(&made.bytes).1, 20);
    assert_eq!(w.kept().await.len(), 2, "the original and one transform");
    let served = w.h.send(get(small.clone())).await;
    assert_eq!(served.bytes, made.bytes);
    assert_eq!(w.kept().await.len(), 2, "served as kept, not made again");

    // Deleted through the first, it is gone from both.
    let id = src.rsplit('/').nth(1).unwrap();
    let path = format!("/api/teams/acme/projects/site/images/{id}");
    let deleted = w.h.api("DELETE", &path, Some(&w.owner), Value::Null).await;
    assert_eq!(deleted.status, 204, "{}", deleted.body);
    assert_eq!(other.send(get(small)).await.status, 404);
    assert!(w.kept().await.is_empty());
}
