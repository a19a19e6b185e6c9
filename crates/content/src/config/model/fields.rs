//! The fields of a schema, every field kind's options, and the content components a content
//! field's text may hold.

/// Fields in declaration order, which is the key order of written files.
pub type Schema = Vec<(String, Field)>;

#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    pub label: String,
    pub description: Option<String>,
    pub kind: FieldKind,
}

#[derive(Debug, Clone, PartialEq)]
pub struct TextValidation {
    pub is_required: bool,
    /// Already raised to 1 when `is_required` is set.
    pub min: usize,
    pub max: Option<usize>,
    pub pattern: Option<Pattern>,
}

#[derive(Debug, Clone)]
pub struct Pattern {
    pub regex: regex::Regex,
    pub message: Option<String>,
}

impl PartialEq for Pattern {
    fn eq(&self, other: &Pattern) -> bool {
        self.regex.as_str() == other.regex.as_str() && self.message == other.message
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct NumberValidation {
    pub is_required: bool,
    pub min: Option<f64>,
    pub max: Option<f64>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct DateValidation {
    pub is_required: bool,
    pub min: Option<String>,
    pub max: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum DateDefault {
    Value(String),
    /// `today` for dates, `now` for datetimes.
    Current,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContentKind {
    Markdoc,
    Mdx,
    /// Keystatic's legacy document field: Markdoc, with its features switched on one by one.
    Document,
}

#[derive(Debug, Clone, PartialEq)]
pub enum FieldKind {
    Text {
        multiline: bool,
        default_value: String,
        validation: TextValidation,
    },
    Slug {
        name_default: String,
        name_validation: TextValidation,
        slug_label: String,
        slug_description: Option<String>,
        slug_validation: TextValidation,
    },
    Integer {
        default_value: Option<f64>,
        validation: NumberValidation,
    },
    Number {
        default_value: Option<f64>,
        step: Option<f64>,
        validation: NumberValidation,
        validate_step: bool,
    },
    Checkbox {
        default_value: bool,
    },
    Select {
        options: Vec<(String, String)>,
        default_value: String,
    },
    Date {
        default_value: Option<DateDefault>,
        validation: DateValidation,
    },
    Datetime {
        default_value: Option<DateDefault>,
        validation: DateValidation,
    },
    Url {
        default_value: Option<String>,
        is_required: bool,
    },
    Content {
        kind: ContentKind,
        extension: String,
        options: EditorOptions,
        /// Content components by tag name.
        components: Vec<(String, Component)>,
    },
    /// `markdoc` or `mdx` with `inline: true` (Keystatic's `fields.markdoc.inline`): the markup is
    /// a string in the data file, `''` when empty, edited with the same editor.
    InlineContent {
        kind: ContentKind,
        /// Room for several lines in the editor; one line otherwise.
        multiline: bool,
        options: EditorOptions,
        /// Content components by tag name.
        components: Vec<(String, Component)>,
    },
    Multiselect {
        options: Vec<(String, String)>,
        default_value: Vec<String>,
    },
    /// `file` or `image`: a file stored beside the entry or in `directory`.
    Asset {
        image: bool,
        directory: Option<String>,
        public_path: Option<String>,
        is_required: bool,
    },
    CloudImage {
        is_required: bool,
    },
    Relationship {
        collection: String,
        is_required: bool,
    },
    MultiRelationship {
        collection: String,
        length: Length,
    },
    PathReference {
        pattern: Option<String>,
        is_required: bool,
    },
    Array {
        element: Box<Field>,
        /// A template of `{field.path}` parts naming each item.
        item_label: Option<String>,
        slug_field: Option<String>,
        length: Length,
    },
    Blocks {
        blocks: Vec<(String, Block)>,
        length: Length,
    },
    Conditional {
        /// A select or checkbox field.
        discriminant: Box<Field>,
        /// By option value (`true`/`false` for a checkbox).
        values: Vec<(String, Field)>,
    },
    Object {
        fields: Schema,
        layout: Option<Vec<u32>>,
    },
    Empty,
    Ignored,
    /// Keystatic's `emptyContent` and `emptyDocument`: nothing to edit, and a content file of
    /// `extension` (`mdoc`, `md` or `mdx`): the body when the format's content field names it, else
    /// `<key>.<extension>` in the entry's folder. Keystatic writes it empty on every save; Quire keeps
    /// what a file holds and writes it empty where it is missing. A stored value passes through.
    EmptyContent {
        kind: EmptyContentKind,
        extension: String,
    },
}

impl FieldKind {
    /// The kind's name as written in `quire.yaml`.
    pub fn name(&self) -> &str {
        match self {
            FieldKind::Text { .. } => "text",
            FieldKind::Slug { .. } => "slug",
            FieldKind::Integer { .. } => "integer",
            FieldKind::Number { .. } => "number",
            FieldKind::Checkbox { .. } => "checkbox",
            FieldKind::Select { .. } => "select",
            FieldKind::Date { .. } => "date",
            FieldKind::Datetime { .. } => "datetime",
            FieldKind::Url { .. } => "url",
            FieldKind::Content {
                kind: ContentKind::Markdoc,
                ..
            } => "markdoc",
            FieldKind::Content {
                kind: ContentKind::Mdx,
                ..
            } => "mdx",
            FieldKind::Content {
                kind: ContentKind::Document,
                ..
            } => "document",
            FieldKind::InlineContent {
                kind: ContentKind::Markdoc,
                ..
            } => "markdoc",
            FieldKind::InlineContent {
                kind: ContentKind::Mdx,
                ..
            } => "mdx",
            FieldKind::InlineContent {
                kind: ContentKind::Document,
                ..
            } => "document",
            FieldKind::Multiselect { .. } => "multiselect",
            FieldKind::Asset { image: true, .. } => "image",
            FieldKind::Asset { image: false, .. } => "file",
            FieldKind::CloudImage { .. } => "cloudImage",
            FieldKind::Relationship { .. } => "relationship",
            FieldKind::MultiRelationship { .. } => "multiRelationship",
            FieldKind::PathReference { .. } => "pathReference",
            FieldKind::Array { .. } => "array",
            FieldKind::Blocks { .. } => "blocks",
            FieldKind::Conditional { .. } => "conditional",
            FieldKind::Object { .. } => "object",
            FieldKind::Empty => "empty",
            FieldKind::Ignored => "ignored",
            FieldKind::EmptyContent { kind, .. } => kind.name(),
        }
    }
}

/// A content field's editor features as Keystatic names them; an option not written is `None`
/// (the editor's default). The legacy document field's switches are read into these too.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EditorOptions {
    /// On-off features by name (`bold`, `orderedList`, ...; [`EditorOptions::SWITCHES`]), in the
    /// order written.
    pub switches: Vec<(&'static str, bool)>,
    pub heading: Option<HeadingOption>,
    pub code_block: Option<CodeBlockOption>,
    pub image: Option<ImageOption>,
    /// Column layouts as relative widths (`[[1, 1], [2, 1]]`).
    pub layouts: Option<Vec<Vec<f64>>>,
    /// With `alignment` on, the alignments offered besides the start (a document field's
    /// `formatting.alignment: { center, end }`); None: both.
    pub align_to: Option<Vec<TextAlign>>,
}

/// An alignment a paragraph or heading may take besides its start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextAlign {
    Center,
    End,
}

impl EditorOptions {
    /// The features that are on or off.
    pub const SWITCHES: &[&str] = &[
        "bold",
        "italic",
        "strikethrough",
        "code",
        "underline",
        "superscript",
        "subscript",
        "keyboard",
        "alignment",
        "blockquote",
        "orderedList",
        "unorderedList",
        "divider",
        "link",
        "table",
    ];

    /// Whether the switch `name` is written on or off; `None`: not written.
    pub fn switch(&self, name: &str) -> Option<bool> {
        self.switches
            .iter()
            .find(|(switch, _)| *switch == name)
            .map(|(_, on)| *on)
    }

    /// Where images inserted into the text are kept; `None`: beside the content file.
    pub fn image_directory(&self) -> Option<&str> {
        match &self.image {
            Some(ImageOption::Detailed(image)) => image.directory.as_deref(),
            _ => None,
        }
    }

    /// Whether the text may hold images (they are on unless switched off).
    pub fn images_on(&self) -> bool {
        !matches!(self.image, Some(ImageOption::Switch(false)))
    }

    /// Whether the field writes `layout` tags of its own.
    pub fn has_layouts(&self) -> bool {
        self.layouts.as_ref().is_some_and(|l| !l.is_empty())
    }
}

/// Headings: on, off, the levels allowed, or levels and the props a heading carries.
#[derive(Debug, Clone, PartialEq)]
pub enum HeadingOption {
    Switch(bool),
    Levels(Vec<u8>),
    Detailed {
        levels: Option<Vec<u8>>,
        schema: Option<Schema>,
    },
}

/// Code blocks: on, off, or the props a code block carries.
#[derive(Debug, Clone, PartialEq)]
pub enum CodeBlockOption {
    Switch(bool),
    Detailed { schema: Option<Schema> },
}

/// Images in the text: on, off, or where their files go.
#[derive(Debug, Clone, PartialEq)]
pub enum ImageOption {
    Switch(bool),
    Detailed(ImageDetails),
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct ImageDetails {
    /// Site folder for image files; `None`: beside the content file.
    pub directory: Option<String>,
    /// Prefix of the `src` written for an image in `directory`.
    pub public_path: Option<String>,
    /// File names made slugs (`transformFilename: slug`); otherwise kept as uploaded.
    pub slug_file_names: bool,
    /// The props an image carries.
    pub schema: Option<Schema>,
}

/// The two names of `FieldKind::EmptyContent`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EmptyContentKind {
    EmptyContent,
    /// Keystatic's deprecated name for `emptyContent` of Markdoc.
    EmptyDocument,
}

impl EmptyContentKind {
    /// The kind's name as written in `quire.yaml`.
    pub const fn name(self) -> &'static str {
        match self {
            EmptyContentKind::EmptyContent => "emptyContent",
            EmptyContentKind::EmptyDocument => "emptyDocument",
        }
    }
}

impl FieldKind {
    /// The extension of the file a content field's text is kept in (a markdoc or mdx field's, or
    /// an empty content field's); None for the other kinds.
    pub fn content_extension(&self) -> Option<&str> {
        if let FieldKind::Content { extension, .. } | FieldKind::EmptyContent { extension, .. } =
            self
        {
            Some(extension)
        } else {
            None
        }
    }
}

/// How a content component sits in the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ComponentKind {
    Block,
    Wrapper,
    /// A block holding one line of text (a component block's inline child field).
    InlineWrapper,
    Inline,
    Repeating,
    /// A component block with several child fields: one region each, in order.
    Regions,
    Mark,
}

impl ComponentKind {
    pub fn name(self) -> &'static str {
        match self {
            ComponentKind::Block => "block",
            ComponentKind::Wrapper => "wrapper",
            ComponentKind::InlineWrapper => "inlineWrapper",
            ComponentKind::Inline => "inline",
            ComponentKind::Repeating => "repeating",
            ComponentKind::Regions => "regions",
            ComponentKind::Mark => "mark",
        }
    }
}

/// A content component: a Markdoc tag (or MDX element) editors insert into rich text.
#[derive(Debug, Clone, PartialEq)]
pub struct Component {
    pub kind: ComponentKind,
    pub label: String,
    pub description: Option<String>,
    /// Props, in the order they are written as attributes.
    pub schema: Schema,
    /// Only as a child of a repeating component.
    pub for_specific_locations: bool,
    /// Repeating only: the tags its children may be, and how many.
    pub children: Vec<String>,
    pub children_length: Length,
    /// Regions only: its child fields, in order.
    pub regions: Vec<Region>,
    /// Shown in the component's content while it is empty.
    pub placeholder: Option<String>,
    /// Marks only: the element and class the editor shows it with (Keystatic's
    /// `mark({ tag, className })`); the bytes written do not depend on them.
    pub tag: Option<String>,
    pub class_name: Option<String>,
    /// Marks only: CSS properties (kebab case) and values the editor shows it with (Keystatic's
    /// `mark({ style })`).
    pub style: Vec<(String, String)>,
    /// Blocks, wrappers and repeating components: a button of its own in the editor's toolbar,
    /// rather than an item of its Insert menu (Keystatic's `toolbarIcon`).
    pub toolbar: bool,
    /// Keystatic's cloud image block (`kind: cloudImage`): a block whose props are fixed (src, alt,
    /// height, width) and which the editor shows as the image, uploads to and picks from the cloud.
    pub cloud_image: bool,
    /// A component block's child field (wrappers): heading levels of its own, narrower than its
    /// document field's (Keystatic's `formatting: { headingLevels: [2] }`); None: the field's.
    pub heading_levels: Option<Vec<u8>>,
}

/// A child field of a component block that has several, written as Keystatic writes it:
/// `{% component-block-prop propPath=["<key>"] %}` around blocks, or `component-inline-prop` around
/// a line of text; the path is longer for a child field inside an object (`["meta", "body"]`).
#[derive(Debug, Clone, PartialEq)]
pub struct Region {
    pub path: Vec<String>,
    pub label: String,
    pub inline: bool,
    /// Shown in the region while it is empty.
    pub placeholder: Option<String>,
    /// Heading levels of its own, narrower than its document field's; None: the field's.
    pub heading_levels: Option<Vec<u8>>,
}

/// Bounds on the number of items of a list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Length {
    pub min: usize,
    pub max: Option<usize>,
}

/// One kind of block of a `blocks` field.
#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    pub label: String,
    pub schema: Field,
    pub item_label: Option<String>,
}
