//! Email, when the cloud is given an SMTP server (`--smtp-url`): invitation and password links are
//! sent to the person they are for, beside being shown to copy. Without one, links are only shown.

use std::time::Duration;

use lettre::message::Mailbox;
use lettre::message::header::ContentType;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use crate::error::Error;

/// How long one email may take to hand over, so that a slow server does not hold a page.
const SEND_TIMEOUT: Duration = Duration::from_secs(15);

/// An SMTP server and the address emails come from.
pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

/// An email the cloud sends.
pub enum Letter<'a> {
    /// `by` invited `to` to `team` as `role`; the link makes their account or adds the team.
    Invitation {
        team: &'a str,
        role: &'a str,
        by: &'a str,
        link: &'a str,
    },
    /// `by`, an admin of `team`, sent a link to set a new password.
    PasswordReset {
        team: &'a str,
        by: &'a str,
        link: &'a str,
    },
}

impl Letter<'_> {
    fn subject(&self) -> String {
        match self {
            Letter::Invitation { team, by, .. } => format!("{by} invited you to {team}"),
            Letter::PasswordReset { .. } => "Set a new password for Quire Cloud".to_string(),
        }
    }

    fn body(&self) -> String {
        let once = "The link works once, within 7 days.\nIf you did not expect this email, you can ignore it.";
        match self {
            Letter::Invitation {
                team,
                role,
                by,
                link,
            } => format!(
                "{by} invited you to the team {team} on Quire Cloud, as {role}.\n\nTo accept, open:\n{link}\n\n{once}\n"
            ),
            Letter::PasswordReset { team, by, link } => format!(
                "{by}, an admin of {team} on Quire Cloud, sent you a link to set a new password.\n\nOpen:\n{link}\n\n{once}\n"
            ),
        }
    }
}

impl Mailer {
    /// The server at `url` (`smtp://user:password@host:587?tls=required`, `smtps://…:465`, or
    /// `smtp://localhost:25` without TLS), sending as `from` (`Quire Cloud <cloud@example.com>`).
    pub fn new(url: &str, from: &str) -> Result<Mailer, Error> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map_err(|e| Error::Invalid(format!("--smtp-url is not an SMTP address: {e}")))?
            .timeout(Some(SEND_TIMEOUT))
            .build();
        let from = from
            .parse()
            .map_err(|e| Error::Invalid(format!("--mail-from \"{from}\" is no address: {e}")))?;
        Ok(Mailer { transport, from })
    }

    /// Sends `letter` to `to`; the failure in words a team admin can act on.
    pub async fn send(&self, to: &str, letter: &Letter<'_>) -> Result<(), String> {
        let to: Mailbox = to
            .parse()
            .map_err(|e| format!("{to} is no address to send to: {e}"))?;
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(letter.subject())
            .header(ContentType::TEXT_PLAIN)
            .body(letter.body())
            .map_err(|e| format!("the email could not be written: {e}"))?;
        self.transport.send(message).await.map_err(|e| {
            tracing::warn!("sending an email: {e}");
            format!("the mail server did not take it ({e})")
        })?;
        Ok(())
    }
}
