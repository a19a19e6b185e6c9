//! Teams as their pages use them, through the real router: invitations and password links, and
//! the role every call needs, checked by the service whatever the pages show. On SQLite, and on
//! PostgreSQL.

#[macro_use]
mod harness;

use harness::{Harness, PASSWORD, Postgres};
use serde_json::json;

/// The token of a link the cloud handed out (`…/link#TOKEN`).
fn token_of(answer: &harness::Answer) -> String {
    let link = answer.json()["link"].as_str().unwrap().to_string();
    link.split_once("/link#").unwrap().1.to_string()
}

/// Invites `email` as `role` into acme (by the owner) and has them make their account.
async fn join(h: &Harness, owner: &str, email: &str, role: &str) -> String {
    let invited = h
        .api(
            "POST",
            "/api/teams/acme/invitations",
            Some(owner),
            json!({ "email": email, "role": role }),
        )
        .await;
    assert_eq!(invited.status, 200, "{}", invited.body);
    let joined = h
        .api(
            "POST",
            "/api/links",
            None,
            json!({ "token": token_of(&invited), "name": email, "password": PASSWORD }),
        )
        .await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    joined.cookie()
}

fn user_id(team: &serde_json::Value, email: &str) -> String {
    team["members"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["user"]["email"] == email)
        .unwrap()["user"]["id"]
        .as_str()
        .unwrap()
        .to_string()
}

async fn an_invitation_makes_the_account_or_adds_the_team_once(h: &Harness) {
    let owner = h.set_up().await;
    let invited = h
        .api(
            "POST",
            "/api/teams/acme/invitations",
            Some(&owner),
            json!({ "email": "Ed@Example.com", "role": "editor" }),
        )
        .await;
    let token = token_of(&invited);
    let page = h.get(&format!("/api/links/{token}"), None).await.json();
    assert_eq!(
        page,
        json!({ "kind": "invitation", "team": "Acme", "email": "ed@example.com", "role": "editor", "hasAccount": false })
    );
    let listed = h.get("/api/teams/acme", Some(&owner)).await.json();
    assert_eq!(listed["invitations"][0]["email"], "ed@example.com");

    let weak = h
        .api(
            "POST",
            "/api/links",
            None,
            json!({ "token": token, "name": "Ed", "password": "short" }),
        )
        .await;
    assert_eq!(weak.status, 400, "a mistyped form does not spend the link");
    let joined = h
        .api(
            "POST",
            "/api/links",
            None,
            json!({ "token": token, "name": "Ed Editor", "password": PASSWORD }),
        )
        .await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    let ed = joined.cookie();
    let team = h.get("/api/teams/acme", Some(&ed)).await.json();
    assert_eq!(team["role"], "editor");
    assert_eq!(
        team["invitations"],
        json!([]),
        "only admins see invitations"
    );
    let again = h
        .api(
            "POST",
            "/api/links",
            None,
            json!({ "token": token, "name": "Ed", "password": PASSWORD }),
        )
        .await;
    assert_eq!(again.status, 404, "single use");

    // Someone with an account joins another team by signing in first.
    cloud::admin::create_team(h.db(), "beta", "Beta")
        .await
        .unwrap();
    let ed_id = user_id(&team, "ed@example.com");
    cloud::admin::add_member(h.db(), "beta", "owner@example.com", "owner")
        .await
        .unwrap();
    let to_beta = h
        .api(
            "POST",
            "/api/teams/beta/invitations",
            Some(&owner),
            json!({ "email": "ed@example.com", "role": "viewer" }),
        )
        .await;
    let beta_token = token_of(&to_beta);
    assert_eq!(
        h.get(&format!("/api/links/{beta_token}"), None)
            .await
            .json()["hasAccount"],
        true
    );
    let signed_out = h
        .api("POST", "/api/links", None, json!({ "token": beta_token }))
        .await;
    assert_eq!(signed_out.status, 401);
    let as_owner = h
        .api(
            "POST",
            "/api/links",
            Some(&owner),
            json!({ "token": beta_token }),
        )
        .await;
    assert_eq!(as_owner.status, 401, "only the invited account takes it");
    let accepted = h
        .api(
            "POST",
            "/api/links",
            Some(&ed),
            json!({ "token": beta_token }),
        )
        .await;
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    let teams = h.get("/api/teams", Some(&ed)).await.json();
    assert_eq!(
        teams["teams"],
        json!([
            { "slug": "acme", "name": "Acme", "role": "editor" },
            { "slug": "beta", "name": "Beta", "role": "viewer" },
        ])
    );
    assert!(!ed_id.is_empty());

    h.sql("UPDATE links SET expires_at = 0").await;
    let late = h
        .api(
            "POST",
            "/api/teams/acme/invitations",
            Some(&owner),
            json!({ "email": "late@example.com", "role": "viewer" }),
        )
        .await;
    let late_token = token_of(&late);
    h.sql("UPDATE links SET expires_at = 0").await;
    assert_eq!(
        h.get(&format!("/api/links/{late_token}"), None)
            .await
            .status,
        404,
        "expired"
    );
}

async fn every_call_needs_its_role(h: &Harness) {
    let owner = h.set_up().await;
    let admin = join(h, &owner, "admin@example.com", "admin").await;
    let editor = join(h, &owner, "editor@example.com", "editor").await;
    let viewer = join(h, &owner, "viewer@example.com", "viewer").await;
    cloud::admin::create_user(h.db(), "out@example.com", "Out", PASSWORD)
        .await
        .unwrap();
    let outsider = h.sign_in("out@example.com").await;
    let team = h.get("/api/teams/acme", Some(&owner)).await.json();
    let editor_id = user_id(&team, "editor@example.com");
    let owner_id = user_id(&team, "owner@example.com");
    let admin_id = user_id(&team, "admin@example.com");

    assert_eq!(
        h.get("/api/teams/acme", Some(&outsider)).await.status,
        404,
        "not even told the team exists"
    );
    assert_eq!(h.get("/api/teams/acme", Some(&viewer)).await.status, 200);
    assert_eq!(h.get("/api/teams/acme", None).await.status, 401);

    let invite = json!({ "email": "new@example.com", "role": "editor" });
    let flags = json!({ "images": true, "multiplayer": true });
    let project =
        json!({ "slug": "docs", "name": "Docs", "origins": ["https://docs.example.com"] });
    for cookie in [&editor, &viewer] {
        assert_eq!(
            h.api(
                "POST",
                "/api/teams/acme/invitations",
                Some(cookie),
                invite.clone()
            )
            .await
            .status,
            403
        );
        assert_eq!(
            h.api("PUT", "/api/teams/acme/flags", Some(cookie), flags.clone())
                .await
                .status,
            403
        );
        assert_eq!(
            h.api(
                "POST",
                "/api/teams/acme/projects",
                Some(cookie),
                project.clone()
            )
            .await
            .status,
            403
        );
        assert_eq!(
            h.get("/api/teams/acme/audit", Some(cookie)).await.status,
            403
        );
        assert_eq!(
            h.api(
                "PUT",
                &format!("/api/teams/acme/members/{admin_id}"),
                Some(cookie),
                json!({ "role": "viewer" })
            )
            .await
            .status,
            403
        );
    }
    for cookie in [&admin, &editor, &viewer] {
        let refused = h
            .api("DELETE", "/api/teams/acme", Some(cookie), json!(null))
            .await;
        assert_eq!(refused.status, 403, "only an owner deletes the team");
    }
    assert_eq!(
        h.api("PUT", "/api/teams/acme/flags", Some(&admin), flags)
            .await
            .status,
        204
    );
    let made = h
        .api("POST", "/api/teams/acme/projects", Some(&admin), project)
        .await;
    assert_eq!(made.status, 201, "{}", made.body);
    assert_eq!(made.json()["origins"], json!(["https://docs.example.com"]));
    let bad_origin = h
        .api(
            "PUT",
            "/api/teams/acme/projects/docs/origins",
            Some(&admin),
            json!({ "origins": ["https://ok.example.com", "javascript:alert(1)"] }),
        )
        .await;
    assert_eq!(bad_origin.status, 400);
    let rename = |cookie: String, name: &str| {
        let body = json!({ "name": name });
        async move {
            h.api("PUT", "/api/teams/acme/projects/docs", Some(&cookie), body)
                .await
        }
    };
    for cookie in [&editor, &viewer] {
        assert_eq!(rename(cookie.clone(), "Mine").await.status, 403);
    }
    assert_eq!(rename(admin.clone(), " ").await.status, 400);
    let renamed = rename(admin.clone(), " Docs site ").await;
    assert_eq!(renamed.status, 200, "{}", renamed.body);
    assert_eq!(renamed.json()["name"], "Docs site");
    let team = h.get("/api/teams/acme", Some(&admin)).await.json();
    assert_eq!(team["images"], true);
    assert_eq!(
        team["projects"][0]["origins"],
        json!(["https://docs.example.com"]),
        "a refused list changes nothing"
    );

    // Owners are made and unmade by owners only, and a team keeps one.
    let to_owner = json!({ "role": "owner" });
    assert_eq!(
        h.api(
            "PUT",
            &format!("/api/teams/acme/members/{editor_id}"),
            Some(&admin),
            to_owner.clone()
        )
        .await
        .status,
        403
    );
    assert_eq!(
        h.api(
            "POST",
            "/api/teams/acme/invitations",
            Some(&admin),
            json!({ "email": "o@example.com", "role": "owner" })
        )
        .await
        .status,
        403
    );
    assert_eq!(
        h.api(
            "DELETE",
            &format!("/api/teams/acme/members/{owner_id}"),
            Some(&admin),
            json!({})
        )
        .await
        .status,
        403
    );
    let last = h
        .api(
            "PUT",
            &format!("/api/teams/acme/members/{owner_id}"),
            Some(&owner),
            json!({ "role": "admin" }),
        )
        .await;
    assert_eq!(last.status, 403);
    assert!(
        last.json()["message"]
            .as_str()
            .unwrap()
            .contains("keeps at least one owner")
    );
    assert_eq!(
        h.api(
            "DELETE",
            &format!("/api/teams/acme/members/{owner_id}"),
            Some(&owner),
            json!({})
        )
        .await
        .status,
        403,
        "the last owner cannot leave"
    );
    assert_eq!(
        h.api(
            "PUT",
            &format!("/api/teams/acme/members/{admin_id}"),
            Some(&owner),
            to_owner
        )
        .await
        .status,
        204
    );
    assert_eq!(
        h.api(
            "PUT",
            &format!("/api/teams/acme/members/{owner_id}"),
            Some(&owner),
            json!({ "role": "viewer" })
        )
        .await
        .status,
        204
    );
    assert_eq!(
        h.get("/api/teams/acme", Some(&owner)).await.json()["role"],
        "viewer"
    );

    // Anyone may leave; taking others out needs an admin.
    assert_eq!(
        h.api(
            "DELETE",
            &format!("/api/teams/acme/members/{editor_id}"),
            Some(&viewer),
            json!({})
        )
        .await
        .status,
        403
    );
    assert_eq!(
        h.api(
            "DELETE",
            &format!("/api/teams/acme/members/{editor_id}"),
            Some(&editor),
            json!({})
        )
        .await
        .status,
        204
    );
    assert_eq!(h.get("/api/teams/acme", Some(&editor)).await.status, 404);

    let log = h.get("/api/teams/acme/audit", Some(&admin)).await.json();
    let actions: Vec<&str> = log["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    for action in [
        "member.invited",
        "member.joined",
        "member.role",
        "member.removed",
        "team.flags",
        "project.created",
        "project.renamed",
    ] {
        assert!(actions.contains(&action), "{action} in {actions:?}");
    }
}

async fn a_password_link_sets_a_new_password_and_ends_old_sessions(h: &Harness) {
    let owner = h.set_up().await;
    let editor = join(h, &owner, "editor@example.com", "editor").await;
    let editor_id = user_id(
        &h.get("/api/teams/acme", Some(&owner)).await.json(),
        "editor@example.com",
    );
    let owner_id = user_id(
        &h.get("/api/teams/acme", Some(&owner)).await.json(),
        "owner@example.com",
    );
    assert_eq!(
        h.api(
            "POST",
            &format!("/api/teams/acme/members/{owner_id}/password-link"),
            Some(&editor),
            json!({})
        )
        .await
        .status,
        403
    );
    let issued = h
        .api(
            "POST",
            &format!("/api/teams/acme/members/{editor_id}/password-link"),
            Some(&owner),
            json!({}),
        )
        .await;
    assert_eq!(issued.status, 200, "{}", issued.body);
    assert!(!issued.body.contains(PASSWORD), "nobody sees a password");
    let token = token_of(&issued);
    assert_eq!(
        h.get(&format!("/api/links/{token}"), None).await.json()["kind"],
        "password"
    );
    let new_password = "another long phrase of mine";
    let reset = h
        .api(
            "POST",
            "/api/links",
            None,
            json!({ "token": token, "password": new_password }),
        )
        .await;
    assert_eq!(reset.status, 200, "{}", reset.body);
    assert_eq!(
        h.get("/api/session", Some(&editor)).await.status,
        401,
        "old sessions end"
    );
    let old = h
        .api(
            "POST",
            "/api/session",
            None,
            json!({ "email": "editor@example.com", "password": PASSWORD }),
        )
        .await;
    assert_eq!(old.status, 403);
    let new = h
        .api(
            "POST",
            "/api/session",
            None,
            json!({ "email": "editor@example.com", "password": new_password }),
        )
        .await;
    assert_eq!(new.status, 200);
}

mod sqlite_and_postgresql {
    use super::*;
    on_both_databases!(
        an_invitation_makes_the_account_or_adds_the_team_once,
        every_call_needs_its_role,
        a_password_link_sets_a_new_password_and_ends_old_sessions,
    );
}
