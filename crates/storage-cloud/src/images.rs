//! The cloud's image service as a person's admin uses it, through the site's server: uploads
//! (`PUT /v1/image`, the form field `image`) and what the cloud knows of an image's address
//! (`GET /v1/image?url=`), and pages of the project's library (`GET /v1/images`). Each answer goes back to the admin as it came, so the admin reads the
//! cloud's own words.

use storage::{LibraryPage, Relayed};
use ureq::unversioned::multipart::{Form, Part};

use crate::info::as_holder;
use crate::site::Site;

/// The most of an answer passed on: the service answers a few hundred bytes of JSON.
const ANSWER_MAX: u64 = 64 * 1024;
/// The longest file name sent on.
const NAME_MAX: usize = 200;

pub(crate) fn upload(
    site: &Site,
    token: &str,
    name: &str,
    bytes: &[u8],
) -> Result<Relayed, storage::Error> {
    let name = form_file_name(name);
    let send = || {
        let form = Form::new().part("image", Part::bytes(bytes).file_name(&name));
        as_holder(site.agent.put(&format!("{}/v1/image", site.url)), token).send(form)
    };
    // A kept connection the cloud closed after refusing an upload unread is found out only by
    // using it: sent once more, on a new one.
    let response = send().or_else(|_| send());
    relayed(response)
}

pub(crate) fn info(site: &Site, token: &str, url: &str) -> Result<Relayed, storage::Error> {
    let response = as_holder(site.agent.get(&format!("{}/v1/image", site.url)), token)
        .query("url", url)
        .call();
    relayed(response)
}

pub(crate) fn library(
    site: &Site,
    token: &str,
    page: &LibraryPage,
) -> Result<Relayed, storage::Error> {
    let mut request = as_holder(site.agent.get(&format!("{}/v1/images", site.url)), token)
        .query("q", &page.search)
        .query("offset", page.offset.to_string());
    if let Some(limit) = page.limit {
        request = request.query("limit", limit.to_string());
    }
    relayed(request.call())
}

fn relayed(
    response: Result<ureq::http::Response<ureq::Body>, ureq::Error>,
) -> Result<Relayed, storage::Error> {
    let unreachable = |e: ureq::Error| {
        storage::Error::Unavailable(format!(
            "The cloud's image service could not be reached: {e}"
        ))
    };
    let mut response = response.map_err(unreachable)?;
    if response.status() == 401 {
        return Err(storage::Error::Unauthorized);
    }
    let content_type = response
        .headers()
        .get("content-type")
        .and_then(|value| value.to_str().ok())
        .map(String::from);
    let body = response
        .body_mut()
        .with_config()
        .limit(ANSWER_MAX)
        .read_to_vec()
        .map_err(unreachable)?;
    Ok(Relayed {
        status: response.status().as_u16(),
        content_type,
        body,
    })
}

/// `name` as a form's file name may hold it: its last path segment, without quotes, backslashes
/// or control characters (which would end the part's header early), and not too long. The cloud
/// makes its own name of it.
fn form_file_name(name: &str) -> String {
    let last = name.rsplit(['/', '\\']).next().unwrap_or_default();
    let kept: String = last
        .chars()
        .filter(|c| !c.is_control() && *c != '"')
        .take(NAME_MAX)
        .collect();
    if kept.trim().is_empty() {
        "image".into()
    } else {
        kept
    }
}

#[cfg(test)]
mod tests {
    use super::form_file_name;

    #[test]
    fn a_file_name_cannot_break_out_of_its_form_part() {
        assert_eq!(form_file_name("Team photo.JPG"), "Team photo.JPG");
        assert_eq!(form_file_name("../../etc/a.png"), "a.png");
        assert_eq!(form_file_name("C:\\Users\\me\\b.gif"), "b.gif");
        assert_eq!(
            form_file_name("x\"\r\nContent-Type: image\r\n\r\n.png"),
            "xContent-Type: image.png"
        );
        assert_eq!(form_file_name("\r\n"), "image");
        assert_eq!(form_file_name(&"a".repeat(500)).len(), 200);
    }
}
