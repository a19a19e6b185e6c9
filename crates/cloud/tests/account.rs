//! The account page's calls, through the real router: a person renames themself, changes their
//! password (which signs out their other browsers), lists where they are signed in and ends one,
//! sets and removes their picture; and their sign-ins reach their teams' logs. On SQLite, and on PostgreSQL.

#[macro_use]
mod harness;

use axum::body::Body;
use axum::http::{Request, header};
use harness::{Harness, ORIGIN, PASSWORD, Postgres};
use serde_json::json;

/// Signs the owner in from another browser; its session cookie.
async fn from_a_phone(h: &Harness) -> String {
    let request = Request::post("/api/session")
        .header(header::ORIGIN, ORIGIN)
        .header(header::USER_AGENT, "Phone/2.0")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(
            json!({ "email": "owner@example.com", "password": PASSWORD }).to_string(),
        ))
        .unwrap();
    let answer = h.send(request).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.cookie()
}

async fn a_person_renames_themself(h: &Harness) {
    let owner = h.set_up().await;
    let renamed = h
        .api(
            "PUT",
            "/api/account",
            Some(&owner),
            json!({ "name": "  Olive O.  " }),
        )
        .await;
    assert_eq!(renamed.status, 200, "{}", renamed.body);
    assert_eq!(renamed.json()["user"]["name"], "Olive O.");
    assert_eq!(
        h.get("/api/session", Some(&owner)).await.json()["user"]["name"],
        "Olive O."
    );
    let empty = h
        .api("PUT", "/api/account", Some(&owner), json!({ "name": " " }))
        .await;
    assert_eq!(empty.status, 400);
    assert_eq!(empty.json()["message"], "A name is 1 to 100 characters.");
    assert_eq!(
        h.api("PUT", "/api/account", None, json!({ "name": "X" }))
            .await
            .status,
        401
    );
}

async fn a_new_password_needs_the_current_one_and_signs_other_browsers_out(h: &Harness) {
    let owner = h.set_up().await;
    let phone = from_a_phone(h).await;
    let wrong = h
        .api(
            "PUT",
            "/api/account/password",
            Some(&owner),
            json!({ "current": "not it at all", "password": "a brand new phrase" }),
        )
        .await;
    assert_eq!(wrong.status, 403);
    assert_eq!(
        wrong.json()["message"],
        "The current password is not right."
    );
    let weak = h
        .api(
            "PUT",
            "/api/account/password",
            Some(&owner),
            json!({ "current": PASSWORD, "password": "short" }),
        )
        .await;
    assert_eq!(weak.status, 400);
    assert_eq!(
        h.get("/api/session", Some(&phone)).await.status,
        200,
        "refusals end nothing"
    );
    let changed = h
        .api(
            "PUT",
            "/api/account/password",
            Some(&owner),
            json!({ "current": PASSWORD, "password": "a brand new phrase" }),
        )
        .await;
    assert_eq!(changed.status, 204, "{}", changed.body);
    assert_eq!(
        h.get("/api/session", Some(&owner)).await.status,
        200,
        "this browser stays signed in"
    );
    assert_eq!(
        h.get("/api/session", Some(&phone)).await.status,
        401,
        "the others are signed out"
    );
    let old = h
        .api(
            "POST",
            "/api/session",
            None,
            json!({ "email": "owner@example.com", "password": PASSWORD }),
        )
        .await;
    assert_eq!(old.status, 403);
}

async fn a_person_sees_where_they_are_signed_in_and_ends_one(h: &Harness) {
    let owner = h.set_up().await;
    let phone = from_a_phone(h).await;
    let listed = h.get("/api/account/sessions", Some(&owner)).await.json();
    let sessions = listed["sessions"].as_array().unwrap();
    assert_eq!(sessions.len(), 2);
    let this = sessions.iter().find(|s| s["current"] == true).unwrap();
    let other = sessions.iter().find(|s| s["current"] == false).unwrap();
    assert_eq!(this["userAgent"], "Harness/1.0");
    assert_eq!(other["userAgent"], "Phone/2.0");
    let id = other["id"].as_str().unwrap();

    cloud::admin::create_user(h.db(), "else@example.com", "Someone Else", PASSWORD)
        .await
        .unwrap();
    let someone = h.sign_in("else@example.com").await;
    let theirs = h
        .api(
            "DELETE",
            &format!("/api/account/sessions/{id}"),
            Some(&someone),
            json!({}),
        )
        .await;
    assert_eq!(theirs.status, 404, "no one ends another's session");
    assert_eq!(h.get("/api/session", Some(&phone)).await.status, 200);

    let ended = h
        .api(
            "DELETE",
            &format!("/api/account/sessions/{id}"),
            Some(&owner),
            json!({}),
        )
        .await;
    assert_eq!(ended.status, 204);
    assert_eq!(h.get("/api/session", Some(&phone)).await.status, 401);
    assert_eq!(
        h.get("/api/account/sessions", Some(&owner)).await.json()["sessions"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
}

async fn sign_ins_reach_the_teams_logs(h: &Harness) {
    let owner = h.set_up().await;
    from_a_phone(h).await;
    h.assert_logged(
        &owner,
        "owner@example.com signed in to the cloud with a password",
    )
    .await;
}

async fn a_person_sets_and_removes_their_picture(h: &Harness) {
    let owner = h.set_up().await;
    let set = h.upload_avatar(&owner, harness::picture(400, 200)).await;
    assert_eq!(set.status, 200, "{}", set.body);
    let url = set.json()["user"]["avatarUrl"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(url.starts_with("/avatars/"), "{url}");
    let session = h.get("/api/session", Some(&owner)).await.json();
    assert_eq!(session["user"]["avatarUrl"], url.as_str());

    let served = h.get(&url, None).await;
    assert_eq!(served.status, 200);
    assert_eq!(served.headers[header::CONTENT_TYPE], "image/png");
    assert_eq!(
        served.headers[header::CACHE_CONTROL],
        "public, max-age=31536000, immutable"
    );
    let stored = image::load_from_memory(&served.bytes).unwrap().to_rgb8();
    assert_eq!(
        stored.dimensions(),
        (256, 256),
        "a square cut from the middle"
    );
    assert_eq!(stored.get_pixel(10, 128).0, [220, 20, 20]);
    assert_eq!(stored.get_pixel(245, 128).0, [20, 20, 220]);

    let again = h.upload_avatar(&owner, harness::picture(64, 64)).await;
    let new_url = again.json()["user"]["avatarUrl"]
        .as_str()
        .unwrap()
        .to_string();
    assert_ne!(new_url, url, "a new picture has a new address");

    let not_a_picture = h
        .upload_avatar(&owner, b"<svg onload=alert(1)>".to_vec())
        .await;
    assert_eq!(not_a_picture.status, 400);
    assert_eq!(
        not_a_picture.json()["message"],
        "The file is not a picture the cloud reads: PNG, JPEG, WebP or GIF."
    );
    let huge = h.upload_avatar(&owner, harness::picture(9_000, 2)).await;
    assert_eq!(huge.status, 400);
    assert_eq!(
        huge.json()["message"],
        "The picture is too large: at most 8000 pixels a side."
    );

    let removed = h
        .api("DELETE", "/api/account/avatar", Some(&owner), json!(null))
        .await;
    assert_eq!(removed.status, 200, "{}", removed.body);
    assert!(removed.json()["user"].get("avatarUrl").is_none());
    assert_eq!(h.get(&new_url, None).await.status, 404);
}

mod sqlite_and_postgresql {
    use super::*;
    on_both_databases!(
        a_person_renames_themself,
        a_new_password_needs_the_current_one_and_signs_other_browsers_out,
        a_person_sees_where_they_are_signed_in_and_ends_one,
        sign_ins_reach_the_teams_logs,
        a_person_sets_and_removes_their_picture,
    );
}
