//! The normalized config the admin receives (its shape is `web/src/api/config.ts`).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ConfigResponse {
    #[ts(type = "Config")]
    pub config: serde_json::Value,
}
