//! Who the stand-in's GitHub App is: its id, slug, bot and installation, and its RSA key (made
//! once per process), which signs the app's JWTs and which GitHub hands its owner once.

use std::sync::OnceLock;

/// The app's id, as GitHub numbers apps, and the name its bot and pages go by.
pub const APP_ID: u64 = 4242;
pub const SLUG: &str = "quire-standin";
/// The id of the app's bot user, who commits with installation tokens.
pub const BOT_ID: u64 = 9000;
/// The app's one installation, on the owner's repositories.
pub const INSTALLATION_ID: u64 = 31;

/// The app's RSA key: its PEM as GitHub hands it out once, and the public half that checks JWTs.
/// One per process, made on first use (every stand-in of a test run shares it).
pub(crate) struct AppKey {
    pub pem: String,
    pub decoding: jsonwebtoken::DecodingKey,
}

pub(crate) fn app_key() -> &'static AppKey {
    static KEY: OnceLock<AppKey> = OnceLock::new();
    KEY.get_or_init(|| {
        use rsa::pkcs1::{EncodeRsaPrivateKey, EncodeRsaPublicKey, LineEnding};
        let mut rng = rsa::rand_core::OsRng;
        let key = rsa::RsaPrivateKey::new(&mut rng, 2048).expect("an RSA key");
        let pem = key
            .to_pkcs1_pem(LineEnding::LF)
            .expect("its PEM")
            .to_string();
        let public = key
            .to_public_key()
            .to_pkcs1_pem(LineEnding::LF)
            .expect("its public PEM");
        let decoding =
            jsonwebtoken::DecodingKey::from_rsa_pem(public.as_bytes()).expect("a decoding key");
        AppKey { pem, decoding }
    })
}
