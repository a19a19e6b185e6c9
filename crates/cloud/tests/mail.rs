//! Links by email, through the real router and a local SMTP server: an invitation and a password
//! link reach the person they are for, and when the mail server is down the link is still there to
//! copy, with why it was not sent.

#[macro_use]
mod harness;

use harness::Harness;
use harness::smtp::Sink;
use serde_json::json;

async fn invite(h: &Harness, owner: &str, email: &str) -> serde_json::Value {
    let invited = h
        .api(
            "POST",
            "/api/teams/acme/invitations",
            Some(owner),
            json!({ "email": email, "role": "editor" }),
        )
        .await;
    assert_eq!(invited.status, 200, "{}", invited.body);
    invited.json()
}

#[tokio::test]
async fn invitation_and_password_links_reach_their_person_by_email() {
    let sink = Sink::start().await;
    let h = Harness::sqlite_mailing(&sink.url()).await;
    let owner = h.set_up().await;

    let invited = invite(&h, &owner, "Ed@Example.com").await;
    assert_eq!(invited["emailed"], true, "{invited}");
    let link = invited["link"].as_str().unwrap();
    let mails = sink.received();
    assert_eq!(mails.len(), 1);
    assert_eq!(mails[0].to, ["ed@example.com"]);
    assert!(
        mails[0]
            .data
            .contains("Subject: Olive Owner invited you to Acme"),
        "{}",
        mails[0].data
    );
    assert!(
        mails[0]
            .data
            .contains("From: \"Quire Cloud\" <cloud@example.com>"),
        "{}",
        mails[0].data
    );
    assert!(
        mails[0].data.contains(link),
        "the link in {}",
        mails[0].data
    );
    assert!(mails[0].data.contains("as editor"), "{}", mails[0].data);

    // The link in the email is the one that works.
    let token = link.split_once("/link#").unwrap().1;
    let joined = h
        .api(
            "POST",
            "/api/links",
            None,
            json!({ "token": token, "name": "Ed", "password": harness::PASSWORD }),
        )
        .await;
    assert_eq!(joined.status, 200, "{}", joined.body);

    let team = h.get("/api/teams/acme", Some(&owner)).await.json();
    let ed = team["members"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["user"]["email"] == "ed@example.com")
        .unwrap()["user"]["id"]
        .as_str()
        .unwrap()
        .to_string();
    let reset = h
        .api(
            "POST",
            &format!("/api/teams/acme/members/{ed}/password-link"),
            Some(&owner),
            json!(null),
        )
        .await
        .json();
    assert_eq!(reset["emailed"], true, "{reset}");
    let mails = sink.received();
    assert_eq!(mails.len(), 2);
    assert_eq!(mails[1].to, ["ed@example.com"]);
    assert!(
        mails[1]
            .data
            .contains("Subject: Set a new password for Quire Cloud"),
        "{}",
        mails[1].data
    );
    assert!(
        mails[1].data.contains(reset["link"].as_str().unwrap()),
        "{}",
        mails[1].data
    );
}

#[tokio::test]
async fn a_mail_server_that_is_down_leaves_the_link_to_copy() {
    // A port that was free a moment ago: nothing answers there.
    let closed = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().port()
    };
    let h = Harness::sqlite_mailing(&format!("smtp://127.0.0.1:{closed}")).await;
    let owner = h.set_up().await;
    let invited = invite(&h, &owner, "ed@example.com").await;
    assert_eq!(invited["emailed"], false);
    assert!(
        invited["mailError"]
            .as_str()
            .unwrap()
            .starts_with("the mail server did not take it"),
        "{invited}"
    );
    assert!(invited["link"].as_str().unwrap().contains("/link#"));
    let team = h.get("/api/teams/acme", Some(&owner)).await.json();
    assert_eq!(
        team["invitations"][0]["email"], "ed@example.com",
        "the invitation stands"
    );
}

#[tokio::test]
async fn without_a_mail_server_links_are_only_shown() {
    let h = Harness::sqlite().await;
    let owner = h.set_up().await;
    let invited = invite(&h, &owner, "ed@example.com").await;
    assert_eq!(invited["emailed"], false);
    assert!(invited.get("mailError").is_none(), "{invited}");
}
