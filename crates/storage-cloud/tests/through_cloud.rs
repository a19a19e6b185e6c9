//! The cloud backend through a real `quire cloud` (its router on a socket, SQLite) in front of the
//! GitHub stand-in: the storage conformance suite, commits that name their person, a viewer's
//! storage read only and refused, sign-in against the cloud's OAuth endpoints, and a person's
//! images sent to the cloud's image service with the cloud's answers passed on as they came.

use std::sync::Arc;

use storage::{Accounts, AuthError, ChangeSet, Error, Storage};
use storage_cloud::Cloud;
use test_support::github_standin::{Standin, StandinOptions};

const PASSWORD: &str = "a long and rare phrase";

/// A repository on the stand-in, a cloud whose project `acme/site` edits it, and its people.
struct World {
    standin: Standin,
    dir: tempfile::TempDir,
    _data: tempfile::TempDir,
    url: String,
    db: cloud::Db,
    runtime: tokio::runtime::Runtime,
}

fn world() -> World {
    let dir = tempfile::tempdir().unwrap();
    let git = |args: &[&str]| test_support::git(dir.path(), args);
    git(&["init", "-q", "-b", "main"]);
    std::fs::write(dir.path().join("README.md"), "the repository's own file\n").unwrap();
    git(&["add", "-A"]);
    git(&["commit", "-q", "-m", "first"]);
    let standin = Standin::spawn(StandinOptions {
        repo: dir.path().to_path_buf(),
        owner: "acme".into(),
        name: "site".into(),
        client_id: "Iv1.cloud".into(),
        client_secret: "secret".into(),
    });
    let app = standin.app();
    let config = cloud::github_app::GithubAppConfig {
        id: app.id,
        private_key_pem: app.private_key_pem,
        slug: Some("quire-standin".into()),
        web_url: standin.url().to_string(),
        api_url: standin.api_url(),
    };
    let data = tempfile::tempdir().unwrap();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let (url, db) = runtime.block_on(async {
        let db = cloud::Db::open(&cloud::Db::sqlite_url(data.path()))
            .await
            .unwrap();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let images = cloud::image_store::Images::in_folder(&data.path().join("images")).unwrap();
        let service = cloud::Cloud::new(db.clone(), url::Url::parse(&url).unwrap())
            .with_github(cloud::github_app::GithubApp::new(config).unwrap())
            .with_images(images);
        let app =
            cloud::router(service).into_make_service_with_connect_info::<std::net::SocketAddr>();
        tokio::spawn(async move { axum_serve(listener, app).await });
        cloud::admin::create_team(&db, "acme", "Acme")
            .await
            .unwrap();
        cloud::admin::set_flags(&db, "acme", true, false)
            .await
            .unwrap();
        let (project, _) = cloud::admin::create_project(&db, "acme/site", "Site", &[])
            .await
            .unwrap();
        cloud::teams::set_repository(&db, &project, "acme/site")
            .await
            .unwrap();
        for (email, name, role) in [
            ("eddie@example.com", "Eddie Editor", "editor"),
            ("vera@example.com", "Vera Viewer", "viewer"),
        ] {
            cloud::admin::create_user(&db, email, name, PASSWORD)
                .await
                .unwrap();
            cloud::admin::add_member(&db, "acme", email, role)
                .await
                .unwrap();
        }
        (url, db)
    });
    World {
        standin,
        dir,
        _data: data,
        url,
        db,
        runtime,
    }
}

async fn axum_serve(
    listener: tokio::net::TcpListener,
    app: axum::extract::connect_info::IntoMakeServiceWithConnectInfo<
        axum::Router,
        std::net::SocketAddr,
    >,
) {
    axum::serve(listener, app).await.unwrap();
}

impl World {
    fn token(&self, email: &str) -> String {
        self.runtime
            .block_on(cloud::admin::issue_token(&self.db, "acme/site", email))
            .unwrap()
    }

    fn cloud(&self) -> Cloud {
        Cloud::new(&self.url, "acme/site", None)
    }

    fn git(&self, args: &[&str]) -> String {
        test_support::git(self.dir.path(), args)
    }
}

#[test]
fn cloud_storage_conforms() {
    storage::conformance::run_all(&|| {
        let world = world();
        let storage = world.cloud().storage(&world.token("eddie@example.com"));
        Box::new(storage::conformance::Holding(storage, world))
    });
}

fn save(storage: &dyn Storage, path: &str) -> Result<storage::Committed, Error> {
    storage.commit(
        None,
        &ChangeSet {
            additions: vec![(path.to_string(), b"title: Hi\n".to_vec())],
            message: format!("Create {path}"),
            ..ChangeSet::default()
        },
    )
}

#[test]
fn an_editors_save_names_them_and_a_viewer_only_reads() {
    let world = world();
    let cloud = world.cloud();
    let editor = cloud.storage(&world.token("eddie@example.com"));
    assert!(editor.hosting().unwrap().writable().unwrap());
    save(editor.as_ref(), "posts/hi.yaml").unwrap();
    let commit = world.git(&["log", "-1", "--format=%an|%B", "main"]);
    assert_eq!(
        commit.trim(),
        format!(
            "{}|Create posts/hi.yaml\n\nCo-authored-by: Eddie Editor <eddie@example.com>",
            world.standin.app().bot_login
        )
    );
    let repository = editor.hosting().unwrap().repository().unwrap();
    assert_eq!(repository.url, format!("{}/acme/site", world.standin.url()));

    let viewer = cloud.storage(&world.token("vera@example.com"));
    assert_eq!(
        viewer.read(None, "posts/hi.yaml").unwrap().as_deref(),
        Some(&b"title: Hi\n"[..])
    );
    assert!(!viewer.hosting().unwrap().writable().unwrap());
    let head = world.git(&["rev-parse", "main"]);
    match save(viewer.as_ref(), "posts/no.yaml") {
        Err(Error::Forbidden(message)) => assert!(message.contains("Viewers of Acme"), "{message}"),
        other => panic!("a viewer's save: {other:?}"),
    }
    assert_eq!(world.git(&["rev-parse", "main"]), head);
}

#[test]
fn a_token_that_is_none_or_revoked_is_signed_out() {
    let world = world();
    let cloud = world.cloud();
    assert!(matches!(
        cloud.storage("made-up").tree(None),
        Err(Error::Unauthorized)
    ));
    let token = world.token("eddie@example.com");
    let user = cloud.user(&token).unwrap();
    assert_eq!(user.login, "eddie@example.com");
    assert_eq!(user.name.as_deref(), Some("Eddie Editor"));
    assert_eq!(user.profile_url, format!("{}/account", world.url));
    cloud.revoke(&token).unwrap();
    assert!(matches!(
        cloud.storage(&token).tree(None),
        Err(Error::Unauthorized)
    ));
    assert!(matches!(cloud.user(&token), Err(Error::Unauthorized)));
}

#[test]
fn a_code_that_is_no_code_is_the_specs_bad_response() {
    let world = world();
    let cloud = world.cloud();
    let url = cloud.authorize_url(
        "http://127.0.0.1:1/keystatic/cloud/oauth/callback",
        "st",
        "ch",
    );
    assert!(
        url.starts_with(&format!(
            "{}/oauth/authorize?state=st&client_id=acme%2Fsite&redirect_uri=",
            world.url
        )),
        "{url}"
    );
    assert!(
        url.contains("code_challenge_method=S256&code_challenge=ch&keystatic_version="),
        "{url}"
    );
    match cloud.exchange_code(
        "nonsense",
        "http://127.0.0.1:1/keystatic/cloud/oauth/callback",
        "v",
    ) {
        Err(AuthError::Refused(message)) => {
            assert!(
                message.starts_with("Bad response: 400 Bad Request\n\n{"),
                "{message}"
            );
            assert!(message.contains("invalid_grant"), "{message}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_git_site_guarded_by_the_cloud_commits_as_its_person_and_lets_viewers_only_read() {
    let world = world();
    let site = tempfile::tempdir().unwrap();
    let git = |args: &[&str]| test_support::git(site.path(), args);
    git(&["init", "-q", "-b", "main"]);
    std::fs::write(site.path().join("README.md"), "site\n").unwrap();
    git(&["add", "-A"]);
    git(&["commit", "-q", "-m", "first"]);
    let own = storage_git::GitStorage::open(site.path().to_path_buf(), None).unwrap();
    let cloud = Cloud::guarding(&world.url, "acme/site", Arc::new(own));

    let editor = cloud.storage(&world.token("eddie@example.com"));
    assert!(
        !editor.takes_authors(),
        "the person is known: no name is asked"
    );
    let mut change = ChangeSet {
        additions: vec![("posts/hi.yaml".into(), b"title: Hi\n".to_vec())],
        message: "Create posts/hi.yaml".into(),
        ..ChangeSet::default()
    };
    // Whatever the page says, the person signed in authors the commit.
    change.author = Some(storage::Author {
        name: "Someone Else".into(),
        email: "else@example.com".into(),
    });
    editor.commit(None, &change).unwrap();
    assert_eq!(
        git(&["log", "-1", "--format=%an <%ae>", "main"]).trim(),
        "Eddie Editor <eddie@example.com>"
    );

    let viewer = cloud.storage(&world.token("vera@example.com"));
    assert_eq!(
        viewer.read(None, "posts/hi.yaml").unwrap().as_deref(),
        Some(&b"title: Hi\n"[..])
    );
    let head = git(&["rev-parse", "main"]);
    assert!(matches!(
        viewer.commit(None, &change),
        Err(Error::Forbidden(_))
    ));
    let branches = viewer.branching().expect("git has branches");
    assert!(matches!(
        branches.create("quire/x", &head),
        Err(Error::Forbidden(_))
    ));
    assert_eq!(git(&["rev-parse", "main"]), head);
    assert!(matches!(
        cloud.storage("made-up").tree(None),
        Err(Error::Unauthorized)
    ));
}

/// A 64×64 PNG.
const LOGO: &[u8] = include_bytes!("../../../examples/blog/public/images/logo.png");

fn json(relayed: &storage::Relayed) -> serde_json::Value {
    serde_json::from_slice(&relayed.body).unwrap()
}

#[test]
fn a_persons_images_go_to_the_clouds_image_service_and_its_answers_come_back_as_they_were() {
    let world = world();
    let cloud = world.cloud();
    let eddie = world.token("eddie@example.com");

    // A name that would break out of its form part is sent as a harmless one.
    let sent = cloud
        .upload_image(&eddie, "Our \"Logo\"\r\n.PNG", LOGO)
        .unwrap();
    assert_eq!(sent.status, 200, "{}", String::from_utf8_lossy(&sent.body));
    let sent = json(&sent);
    let src = sent["src"].as_str().unwrap().to_string();
    assert!(
        src.starts_with(&format!("{}/images/acme/site/", world.url)),
        "{src}"
    );
    assert!(src.ends_with("/our-logo.png"), "{src}");
    assert_eq!(
        (sent["width"].as_u64(), sent["height"].as_u64()),
        (Some(64), Some(64))
    );

    let found = cloud.image_info(&eddie, &src).unwrap();
    assert_eq!(found.status, 200);
    assert_eq!(json(&found)["width"], 64);
    let elsewhere = cloud
        .image_info(&eddie, "https://example.com/images/a.png")
        .unwrap();
    assert_eq!(elsewhere.status, 404);

    let page = storage::LibraryPage {
        search: "LOGO".into(),
        offset: 0,
        limit: Some(10),
    };
    let listed = json(&cloud.image_library(&eddie, &page).unwrap());
    assert_eq!(listed["total"], 1);
    assert_eq!(listed["images"][0]["src"], src.as_str());

    // The cloud's refusals, in its own words: not an image; a viewer's upload.
    let text = cloud
        .upload_image(&eddie, "notes.png", b"plain text")
        .unwrap();
    assert_eq!(text.status, 400);
    assert_eq!(
        json(&text)["message"],
        "Invalid image type, only PNG, JPEG, GIF, and WebP are supported"
    );
    let vera = world.token("vera@example.com");
    let viewer = cloud.upload_image(&vera, "logo.png", LOGO).unwrap();
    assert_eq!(viewer.status, 403);
    assert!(
        json(&viewer)["message"]
            .as_str()
            .unwrap()
            .contains("Viewers")
    );

    // No sign-in (anymore) is the storage's own refusal, which signs the person out.
    assert!(matches!(
        cloud.upload_image("no-such-token", "logo.png", LOGO),
        Err(Error::Unauthorized)
    ));
}
