//! The site configuration as `GET /api/keystatic/v1/config` serves it: `quire.yaml` checked and
//! normalized by the server, with every default filled in. Key order of `collections`,
//! `singletons` and every `schema` is the order of the file (schema order is the key order of
//! written files). A normalized config is itself valid `quire.yaml` input, so vectors can use these
//! shapes on both sides.
//!
//! The server converts `content`'s config model into these types (`crates/server/src/config_wire.rs`).

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};
use serde_json::Number;
use ts_rs::TS;

/// A kind's name, as one string constant (`"text"`), so that the admin can tell fields apart by it.
macro_rules! kind_name {
    ($($name:ident = $text:literal),* $(,)?) => {$(
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
        pub enum $name {
            #[serde(rename = $text)]
            Is,
        }
    )*};
}

kind_name!(
    TextKind = "text",
    SlugKind = "slug",
    IntegerKind = "integer",
    NumberKind = "number",
    CheckboxKind = "checkbox",
    SelectKind = "select",
    DateKind = "date",
    DatetimeKind = "datetime",
    UrlKind = "url",
    MultiselectKind = "multiselect",
    CloudImageKind = "cloudImage",
    RelationshipKind = "relationship",
    MultiRelationshipKind = "multiRelationship",
    PathReferenceKind = "pathReference",
    ArrayKind = "array",
    BlocksKind = "blocks",
    ConditionalKind = "conditional",
    ObjectKind = "object",
    EmptyKind = "empty",
    IgnoredKind = "ignored",
    Today = "today",
    Now = "now",
    SlugNames = "slug",
);

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Config {
    pub storage: Storage,
    /// The cloud the site signs people in with, when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub cloud: Option<Cloud>,
    pub ui: Ui,
    #[ts(type = "Record<string, Collection>")]
    pub collections: IndexMap<String, Collection>,
    #[ts(type = "Record<string, Singleton>")]
    pub singletons: IndexMap<String, Singleton>,
    /// Whether people see each other and edit together (`/api/keystatic/v1/collab`).
    pub collaboration: bool,
}

/// Where content lives. `local`: the site's folder, no branches. `git`: branches of a repository on
/// the server's disk. `github`: branches of a repository on GitHub. `cloud`: branches of the cloud
/// project's repository, through the cloud; `branchPrefix` starts the names of branches created in the admin, and
/// `protected` branches take changes only through pull requests.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum Storage {
    Local,
    #[serde(rename_all = "camelCase")]
    Git {
        branch_prefix: Option<String>,
        protected: Vec<String>,
    },
    /// A repository on GitHub, edited by people who sign in with GitHub.
    #[serde(rename_all = "camelCase")]
    Github {
        repo: Repo,
        branch_prefix: Option<String>,
        /// The repository's folder that holds the site, without slashes around it.
        path_prefix: Option<String>,
    },
    /// The cloud project's repository, edited by people who sign in to the cloud.
    #[serde(rename_all = "camelCase")]
    Cloud {
        branch_prefix: Option<String>,
        path_prefix: Option<String>,
    },
}

/// `cloud`: the project (`team/project`) and the cloud's address; `signIn: required` asks for
/// sign-in before anything is served (always so with `cloud` storage).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Cloud {
    pub project: String,
    pub url: String,
    pub sign_in: CloudSignIn,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum CloudSignIn {
    Required,
    Optional,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Repo {
    pub owner: String,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Ui {
    pub brand: Brand,
    pub navigation: Vec<NavGroup>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Brand {
    pub name: String,
    pub mark: Option<String>,
}

/// A sidebar section. `label` is null for an ungrouped (flat) navigation list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct NavGroup {
    pub label: Option<String>,
    pub items: Vec<NavItem>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum NavItem {
    Collection { key: String },
    Singleton { key: String },
    Divider,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum DataFormat {
    Yaml,
    Json,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Format {
    pub data: DataFormat,
    /// The path (keys through object fields, `["content"]` at the top) of the content field
    /// stored after the frontmatter, or null.
    pub content_field: Option<Vec<String>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum EntryLayout {
    Form,
    Content,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Collection {
    pub label: String,
    /// As configured: contains `/*` or `/**`.
    pub path: String,
    pub slug_field: String,
    pub format: Format,
    pub entry_layout: EntryLayout,
    /// Field keys shown as list columns; empty means one column with the slug.
    pub columns: Vec<String>,
    pub preview_url: Option<String>,
    pub template: Option<String>,
    pub schema: Schema,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Singleton {
    pub label: String,
    /// As configured (defaults to the key); never contains `*`.
    pub path: String,
    pub format: Format,
    pub entry_layout: EntryLayout,
    pub preview_url: Option<String>,
    pub schema: Schema,
}

/// Fields by key, in the order they are written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(transparent)]
#[ts(type = "Record<string, Field>")]
pub struct Schema(pub IndexMap<String, Field>);

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Length {
    pub min: u32,
    pub max: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Pattern {
    pub regex: String,
    pub message: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TextValidation {
    pub is_required: bool,
    /// min is already raised to 1 when isRequired is set.
    pub length: Length,
    pub pattern: Option<Pattern>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Required {
    pub is_required: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NumberBounds {
    pub is_required: bool,
    pub min: Option<Number>,
    pub max: Option<Number>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DateBounds {
    pub is_required: bool,
    pub min: Option<String>,
    pub max: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct LengthBounds {
    pub length: Length,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct SelectOption {
    pub label: String,
    pub value: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TextField {
    pub kind: TextKind,
    pub label: String,
    pub description: Option<String>,
    pub multiline: bool,
    pub default_value: String,
    pub validation: TextValidation,
}

/// The name part of a slug field; the field's `label` is the name's label.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SlugName {
    pub default_value: String,
    pub validation: TextValidation,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct SlugPart {
    pub label: String,
    pub description: Option<String>,
    pub validation: TextValidation,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct SlugField {
    pub kind: SlugKind,
    pub label: String,
    pub description: Option<String>,
    pub name: SlugName,
    pub slug: SlugPart,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct IntegerField {
    pub kind: IntegerKind,
    pub label: String,
    pub description: Option<String>,
    pub default_value: Option<Number>,
    pub validation: NumberBounds,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NumberValidation {
    pub is_required: bool,
    pub min: Option<Number>,
    pub max: Option<Number>,
    pub step: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NumberField {
    pub kind: NumberKind,
    pub label: String,
    pub description: Option<String>,
    pub default_value: Option<Number>,
    pub step: Option<Number>,
    pub validation: NumberValidation,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CheckboxField {
    pub kind: CheckboxKind,
    pub label: String,
    pub description: Option<String>,
    pub default_value: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SelectField {
    pub kind: SelectKind,
    pub label: String,
    pub description: Option<String>,
    pub options: Vec<SelectOption>,
    /// Always one of the options' values (the first option when not configured).
    pub default_value: String,
}

/// `YYYY-MM-DD`, or `{ kind: 'today' }`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(untagged)]
pub enum DateDefault {
    Day(String),
    Today { kind: Today },
}

/// `YYYY-MM-DDTHH:mm`, or `{ kind: 'now' }`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(untagged)]
pub enum DatetimeDefault {
    Moment(String),
    Now { kind: Now },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DateField {
    pub kind: DateKind,
    pub label: String,
    pub description: Option<String>,
    pub default_value: Option<DateDefault>,
    pub validation: DateBounds,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DatetimeField {
    pub kind: DatetimeKind,
    pub label: String,
    pub description: Option<String>,
    pub default_value: Option<DatetimeDefault>,
    pub validation: DateBounds,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UrlField {
    pub kind: UrlKind,
    pub label: String,
    pub description: Option<String>,
    pub default_value: Option<String>,
    pub validation: Required,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum ContentKind {
    Markdoc,
    Mdx,
    Document,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum ContentExtension {
    Mdoc,
    Mdx,
    Md,
}

/// Rich-text content fields. `document` is Keystatic's legacy document field: Markdoc, whose
/// features the server has read into the options a markdoc field spells out.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ContentField {
    pub kind: ContentKind,
    pub label: String,
    pub description: Option<String>,
    pub extension: ContentExtension,
    /// The editor's features as Keystatic names them (`{ bold: false, heading: [1, 2] }`);
    /// editor/options.ts reads them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub options: Option<ContentOptions>,
    /// Content components by tag name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "Record<string, ContentComponent>")]
    pub components: Option<IndexMap<String, ContentComponent>>,
}

/// A markdoc or mdx field with `inline: true` (Keystatic's `fields.markdoc.inline`): its markup is
/// a string in the data file, `''` when empty, edited with the same editor.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct InlineContentField {
    pub kind: ContentKind,
    pub label: String,
    pub description: Option<String>,
    /// Always true: what tells it from a content field with a file.
    #[ts(type = "true")]
    pub inline: bool,
    /// Room for several lines in the editor; one line otherwise.
    pub multiline: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub options: Option<ContentOptions>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "Record<string, ContentComponent>")]
    pub components: Option<IndexMap<String, ContentComponent>>,
}

/// A content field's editor features, as written (absent ones keep their defaults); the legacy
/// document field's switches are read into these too.
/// An alignment a paragraph or heading may take besides its start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum TextAlign {
    Center,
    End,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(optional_fields)]
pub struct ContentOptions {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bold: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub italic: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strikethrough: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub underline: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub superscript: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subscript: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keyboard: Option<bool>,
    /// Paragraph and heading alignment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alignment: Option<bool>,
    /// With alignment on, the alignments offered besides the start; absent: both.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub align_to: Option<Vec<TextAlign>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heading: Option<HeadingOption>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blockquote: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ordered_list: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unordered_list: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code_block: Option<CodeBlockOption>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub divider: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub link: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<ImageOption>,
    /// Column layouts as relative widths (`[[1, 1], [2, 1]]`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub layouts: Option<Vec<Vec<Number>>>,
}

/// Headings: on, off, the levels allowed, or levels and the props a heading carries.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(untagged)]
pub enum HeadingOption {
    Switch(bool),
    Levels(Vec<u8>),
    Detailed(HeadingDetails),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(optional_fields)]
pub struct HeadingDetails {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub levels: Option<Vec<u8>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<Schema>,
}

/// Code blocks: on, off, or the props a code block carries.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(untagged)]
pub enum CodeBlockOption {
    Switch(bool),
    Detailed(CodeBlockDetails),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(optional_fields)]
pub struct CodeBlockDetails {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<Schema>,
}

/// Images in the text: on, off, or where their files go.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(untagged)]
pub enum ImageOption {
    Switch(bool),
    Detailed(ImageDetails),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(optional_fields)]
pub struct ImageDetails {
    /// Site folder for image files (`<directory>/<slug>/<file>`); absent: beside the content file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub directory: Option<String>,
    /// Prefix of the `src` written for an image in `directory`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub public_path: Option<String>,
    /// Uploaded files' names made slugs (`my-photo-1.png` from `My Photo 1.png`); absent: kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transform_filename: Option<SlugNames>,
    /// The props an image carries.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<Schema>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum ComponentKind {
    Block,
    Wrapper,
    /// A block holding one line of text (a document field's inline child field).
    InlineWrapper,
    Inline,
    Repeating,
    /// A component block with several child fields: one region each (`regions`), in order.
    Regions,
    Mark,
}

/// A child field of a component block that has several: a region of the block, written as
/// `{% component-block-prop propPath=["<key>"] %}` (or `component-inline-prop` for a line of text).
/// `path` is the child field's keys below the block's schema (longer inside an object).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ComponentRegion {
    pub path: Vec<String>,
    pub label: String,
    /// A line of text rather than blocks.
    pub inline: bool,
    /// Shown in the region while it is empty.
    pub placeholder: Option<String>,
    /// Heading levels of its own, narrower than its field's; absent: the field's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub heading_levels: Option<Vec<u8>>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ChildrenBounds {
    pub children: Length,
}

/// A content component (its key is the tag name); its props are fields of the content model.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ContentComponent {
    pub kind: ComponentKind,
    pub label: String,
    pub description: Option<String>,
    /// Props in the order they are written as tag attributes.
    pub schema: Schema,
    /// Only as a child of a repeating component (blocks and wrappers).
    pub for_specific_locations: bool,
    /// A button of its own in the editor's toolbar rather than an item of its Insert menu.
    pub toolbar: bool,
    /// Repeating only: the tags its children may be.
    pub children: Vec<String>,
    /// Repeating only: how many children it holds.
    pub validation: ChildrenBounds,
    /// Shown in the component's content while it is empty.
    pub placeholder: Option<String>,
    /// Marks only: the element the editor shows it as (`span`, `mark`, ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub tag: Option<String>,
    /// Marks only: the class of that element.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub class_name: Option<String>,
    /// Marks only: CSS properties (kebab case) and their values, for that element.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub style: Option<IndexMap<String, String>>,
    /// A cloud image block (`kind: cloudImage` in `quire.yaml`): a block whose props are `src`,
    /// `alt`, `height` and `width`, shown as the image and uploaded to the site's cloud.
    pub cloud_image: bool,
    /// Regions only: the block's child fields, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub regions: Option<Vec<ComponentRegion>>,
    /// A component block's child field (wrappers): heading levels of its own, narrower than its
    /// field's; absent: the field's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub heading_levels: Option<Vec<u8>>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MultiselectField {
    pub kind: MultiselectKind,
    pub label: String,
    pub description: Option<String>,
    pub options: Vec<SelectOption>,
    /// Values of options, in option order.
    pub default_value: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum AssetKind {
    File,
    Image,
}

/// Where asset fields (file, image) keep their files; see keystatic-formats.md §2.5.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AssetField {
    pub kind: AssetKind,
    pub label: String,
    pub description: Option<String>,
    /// `<directory>/<slug>/<filename>` (collections) or `<directory>/<filename>` (singletons);
    /// null: the entry's folder.
    pub directory: Option<String>,
    /// Prefix of the stored string (`<publicPath>/<slug>/<filename>`); null: the bare file name.
    pub public_path: Option<String>,
    pub validation: Required,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct CloudImageField {
    pub kind: CloudImageKind,
    pub label: String,
    pub description: Option<String>,
    pub validation: Required,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct RelationshipField {
    pub kind: RelationshipKind,
    pub label: String,
    pub description: Option<String>,
    /// Key of the collection whose slugs are the choices.
    pub collection: String,
    pub validation: Required,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct MultiRelationshipField {
    pub kind: MultiRelationshipKind,
    pub label: String,
    pub description: Option<String>,
    pub collection: String,
    pub validation: LengthBounds,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct PathReferenceField {
    pub kind: PathReferenceKind,
    pub label: String,
    pub description: Option<String>,
    /// A glob over the site's files (`*` within a segment, `**` across segments); null: any file.
    pub pattern: Option<String>,
    pub validation: Required,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ArrayField {
    pub kind: ArrayKind,
    pub label: String,
    pub description: Option<String>,
    pub element: Box<Field>,
    /// How an item is named in the list: a template whose `{path}` parts are the item's values by
    /// field path (`{name}`, `{link.discriminant}`; `{}` is the item itself, for arrays of text).
    /// Null: "Item N". Keystatic's `itemLabel` function becomes this template.
    pub item_label: Option<String>,
    /// A field of the element whose slug names the item's asset folders instead of its index.
    pub slug_field: Option<String>,
    pub validation: LengthBounds,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Block {
    pub label: String,
    pub schema: Box<Field>,
    pub item_label: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct BlocksField {
    pub kind: BlocksKind,
    pub label: String,
    pub description: Option<String>,
    /// Block kinds in order; each stores `{ discriminant: key, value }`.
    #[ts(type = "Record<string, Block>")]
    pub blocks: IndexMap<String, Block>,
    pub validation: LengthBounds,
}

/// A select (values are its option values) or a checkbox (values `true` and `false`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(untagged)]
pub enum Discriminant {
    Select(SelectField),
    Checkbox(CheckboxField),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ConditionalField {
    pub kind: ConditionalKind,
    pub label: String,
    pub description: Option<String>,
    pub discriminant: Box<Discriminant>,
    pub values: Schema,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ObjectField {
    pub kind: ObjectKind,
    pub label: String,
    pub description: Option<String>,
    pub fields: Schema,
    /// Column spans on a 12-column grid, one per field; null: one field per row.
    pub layout: Option<Vec<u32>>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct EmptyField {
    pub kind: EmptyKind,
    pub label: String,
    pub description: Option<String>,
}

/// The stored value passes through untouched.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct IgnoredField {
    pub kind: IgnoredKind,
    pub label: String,
    pub description: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum EmptyContentKind {
    EmptyContent,
    EmptyDocument,
}

/// Nothing to edit, and a content file of `extension` (`mdoc`, `md` or `mdx`): the body when the
/// format's content field names it, else `<key>.<extension>` in the entry's folder. The admin keeps
/// what the file holds and writes it empty where it is missing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct EmptyContentField {
    pub kind: EmptyContentKind,
    pub label: String,
    pub description: Option<String>,
    pub extension: String,
}

/// A field of any kind, told apart by its `kind`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(untagged)]
pub enum Field {
    Text(TextField),
    Slug(SlugField),
    Integer(IntegerField),
    Number(NumberField),
    Checkbox(CheckboxField),
    Select(SelectField),
    Date(DateField),
    Datetime(DatetimeField),
    Url(UrlField),
    Content(Box<ContentField>),
    InlineContent(Box<InlineContentField>),
    Multiselect(MultiselectField),
    Asset(AssetField),
    CloudImage(CloudImageField),
    Relationship(RelationshipField),
    MultiRelationship(MultiRelationshipField),
    PathReference(PathReferenceField),
    Array(ArrayField),
    Blocks(BlocksField),
    Conditional(ConditionalField),
    Object(ObjectField),
    Empty(EmptyField),
    Ignored(IgnoredField),
    EmptyContent(EmptyContentField),
}

/// The body of `GET /api/keystatic/v1/config`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ConfigResponse {
    pub config: Config,
    /// The person signed in; null with storage that has no sign-in.
    pub user: Option<crate::session::User>,
    /// The repository on GitHub, as they may use it; null with other storage.
    pub repository: Option<crate::session::Repository>,
    /// What the storage can do beyond reading and saving files: the admin shows its controls by
    /// these, never by the kind of storage.
    pub capabilities: Capabilities,
    /// The cloud the person is signed in to, with their team's features; null without one.
    pub cloud: Option<CloudSession>,
}

/// The cloud a person is signed in to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CloudSession {
    /// The cloud's address (`https://cloud.example.com`).
    pub url: String,
    /// `team/project`.
    pub project: String,
    /// The team's name.
    pub team: String,
    /// The person's account page on the cloud ('Manage Account', 'Account').
    pub account_url: String,
    /// The team's image library, when the team has images on.
    pub image_library_url: Option<String>,
    /// The team edits together.
    pub multiplayer: bool,
    /// The person may only read (a viewer of the team): the admin is read only. Beside GitHub's
    /// sign-in, GitHub says who may write, and this is false.
    pub read_only: bool,
    /// The person may upload images to the cloud (an editor of the team or above).
    pub can_upload: bool,
}

/// What the site's storage can do beyond reading and saving files.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Capabilities {
    /// Branches; null for storage without them (one version of the content).
    pub branches: Option<BranchCapability>,
    /// Saves are commits that the person saving authors with the name and email they give (storage
    /// without sign-in): the admin asks for an email with the name.
    pub named_authors: bool,
    /// Who people sign in with (its routes are `/api/keystatic/{signIn}/…`); null: no one signs in.
    pub sign_in: Option<SignInProvider>,
}

/// Who a site's people sign in with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum SignInProvider {
    Github,
    Cloud,
}

/// How the admin works with branches.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BranchCapability {
    /// What the names of branches made in the admin start with.
    pub prefix: Option<String>,
}

/// Every type `config.ts` declares, in order.
pub fn typescript_declarations() -> Vec<String> {
    vec![
        Config::decl(),
        Storage::decl(),
        Repo::decl(),
        Cloud::decl(),
        CloudSignIn::decl(),
        Ui::decl(),
        Brand::decl(),
        NavGroup::decl(),
        NavItem::decl(),
        DataFormat::decl(),
        Format::decl(),
        EntryLayout::decl(),
        Collection::decl(),
        Singleton::decl(),
        Schema::decl(),
        Length::decl(),
        Pattern::decl(),
        TextValidation::decl(),
        Required::decl(),
        NumberBounds::decl(),
        DateBounds::decl(),
        LengthBounds::decl(),
        SelectOption::decl(),
        TextKind::decl(),
        TextField::decl(),
        SlugKind::decl(),
        SlugName::decl(),
        SlugPart::decl(),
        SlugField::decl(),
        IntegerKind::decl(),
        IntegerField::decl(),
        NumberKind::decl(),
        NumberValidation::decl(),
        NumberField::decl(),
        CheckboxKind::decl(),
        CheckboxField::decl(),
        SelectKind::decl(),
        SelectField::decl(),
        Today::decl(),
        DateDefault::decl(),
        DateKind::decl(),
        DateField::decl(),
        Now::decl(),
        DatetimeDefault::decl(),
        DatetimeKind::decl(),
        DatetimeField::decl(),
        UrlKind::decl(),
        UrlField::decl(),
        ContentKind::decl(),
        ContentExtension::decl(),
        ContentOptions::decl(),
        TextAlign::decl(),
        HeadingOption::decl(),
        HeadingDetails::decl(),
        CodeBlockOption::decl(),
        CodeBlockDetails::decl(),
        ImageOption::decl(),
        SlugNames::decl(),
        ImageDetails::decl(),
        ContentField::decl(),
        InlineContentField::decl(),
        ComponentKind::decl(),
        ChildrenBounds::decl(),
        ComponentRegion::decl(),
        ContentComponent::decl(),
        MultiselectKind::decl(),
        MultiselectField::decl(),
        AssetKind::decl(),
        AssetField::decl(),
        CloudImageKind::decl(),
        CloudImageField::decl(),
        RelationshipKind::decl(),
        RelationshipField::decl(),
        MultiRelationshipKind::decl(),
        MultiRelationshipField::decl(),
        PathReferenceKind::decl(),
        PathReferenceField::decl(),
        ArrayKind::decl(),
        ArrayField::decl(),
        Block::decl(),
        BlocksKind::decl(),
        BlocksField::decl(),
        Discriminant::decl(),
        ConditionalKind::decl(),
        ConditionalField::decl(),
        ObjectKind::decl(),
        ObjectField::decl(),
        EmptyKind::decl(),
        EmptyField::decl(),
        IgnoredKind::decl(),
        IgnoredField::decl(),
        EmptyContentKind::decl(),
        EmptyContentField::decl(),
        Field::decl(),
    ]
}
