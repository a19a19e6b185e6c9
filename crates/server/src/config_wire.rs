//! The normalized config (`content::config`) as the admin receives it (`protocol::config`), every
//! default filled in and keys in file order. A normalized config is itself valid `quire.yaml`.

use content::config as model;
use content::value::number_to_json;
use indexmap::IndexMap;
use protocol::config as wire;
use serde_json::Number;

/// The config the admin receives.
pub fn wire_config(config: &model::Config) -> wire::Config {
    wire::Config {
        storage: storage(&config.storage),
        cloud: config.cloud.as_ref().map(|cloud| wire::Cloud {
            project: cloud.project.clone(),
            url: cloud.url.clone(),
            sign_in: if cloud.sign_in_required
                || matches!(config.storage, model::StorageKind::Cloud(_))
            {
                wire::CloudSignIn::Required
            } else {
                wire::CloudSignIn::Optional
            },
        }),
        ui: wire::Ui {
            brand: wire::Brand {
                name: config.brand.name.clone(),
                mark: config.brand.mark.clone(),
            },
            navigation: config.navigation.iter().map(nav_group).collect(),
        },
        collections: keyed(&config.collections, collection),
        singletons: keyed(&config.singletons, singleton),
        collaboration: config.collaboration,
    }
}

fn keyed<T, U>(items: &[(String, T)], convert: impl Fn(&T) -> U) -> IndexMap<String, U> {
    items
        .iter()
        .map(|(key, item)| (key.clone(), convert(item)))
        .collect()
}

fn storage(storage: &model::StorageKind) -> wire::Storage {
    match storage {
        model::StorageKind::Local => wire::Storage::Local,
        model::StorageKind::Git(git) => wire::Storage::Git {
            branch_prefix: git.branch_prefix.clone(),
            protected: git.protected.clone(),
        },
        model::StorageKind::Github(github) => wire::Storage::Github {
            repo: wire::Repo {
                owner: github.owner.clone(),
                name: github.name.clone(),
            },
            branch_prefix: github.branch_prefix.clone(),
            path_prefix: github.path_prefix.clone(),
        },
        model::StorageKind::Cloud(cloud) => wire::Storage::Cloud {
            branch_prefix: cloud.branch_prefix.clone(),
            path_prefix: cloud.path_prefix.clone(),
        },
    }
}

fn nav_group(group: &model::NavGroup) -> wire::NavGroup {
    wire::NavGroup {
        label: group.label.clone(),
        items: group
            .items
            .iter()
            .map(|item| match item {
                model::NavItem::Collection(key) => wire::NavItem::Collection { key: key.clone() },
                model::NavItem::Singleton(key) => wire::NavItem::Singleton { key: key.clone() },
                model::NavItem::Divider => wire::NavItem::Divider,
            })
            .collect(),
    }
}

fn format(format: &model::Format) -> wire::Format {
    wire::Format {
        data: match format.data {
            model::DataFormat::Yaml => wire::DataFormat::Yaml,
            model::DataFormat::Json => wire::DataFormat::Json,
        },
        content_field: format.content_field.clone(),
    }
}

fn layout(layout: model::EntryLayout) -> wire::EntryLayout {
    match layout {
        model::EntryLayout::Form => wire::EntryLayout::Form,
        model::EntryLayout::Content => wire::EntryLayout::Content,
    }
}

fn collection(c: &model::Collection) -> wire::Collection {
    wire::Collection {
        label: c.label.clone(),
        path: c.path.clone(),
        slug_field: c.slug_field.clone(),
        format: format(&c.format),
        entry_layout: layout(c.entry_layout),
        columns: c.columns.clone(),
        preview_url: c.preview_url.clone(),
        template: c.template.clone(),
        schema: schema(&c.schema),
    }
}

fn singleton(s: &model::Singleton) -> wire::Singleton {
    wire::Singleton {
        label: s.label.clone(),
        path: s.path.clone(),
        format: format(&s.format),
        entry_layout: layout(s.entry_layout),
        preview_url: s.preview_url.clone(),
        schema: schema(&s.schema),
    }
}

fn schema(schema: &model::Schema) -> wire::Schema {
    wire::Schema(keyed(schema, field))
}

/// Whole numbers stay integers, as JavaScript prints them.
fn number(n: f64) -> Number {
    match number_to_json(n) {
        serde_json::Value::Number(n) => n,
        // The config reader takes finite numbers only.
        _ => Number::from(0),
    }
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

fn length(length: &model::Length) -> wire::Length {
    wire::Length {
        min: count(length.min),
        max: length.max.map(count),
    }
}

fn text_validation(v: &model::TextValidation) -> wire::TextValidation {
    wire::TextValidation {
        is_required: v.is_required,
        length: wire::Length {
            min: count(v.min),
            max: v.max.map(count),
        },
        pattern: v.pattern.as_ref().map(|p| wire::Pattern {
            regex: p.regex.as_str().to_string(),
            message: p.message.clone(),
        }),
    }
}

fn select_options(options: &[(String, String)]) -> Vec<wire::SelectOption> {
    options
        .iter()
        .map(|(label, value)| wire::SelectOption {
            label: label.clone(),
            value: value.clone(),
        })
        .collect()
}

fn date_bounds(v: &model::DateValidation) -> wire::DateBounds {
    wire::DateBounds {
        is_required: v.is_required,
        min: v.min.clone(),
        max: v.max.clone(),
    }
}

fn required(is_required: bool) -> wire::Required {
    wire::Required { is_required }
}

fn checkbox(label: &str, description: &Option<String>, default_value: bool) -> wire::CheckboxField {
    wire::CheckboxField {
        kind: wire::CheckboxKind::Is,
        label: label.to_string(),
        description: description.clone(),
        default_value,
    }
}

fn select(
    label: &str,
    description: &Option<String>,
    options: &[(String, String)],
    default_value: &str,
) -> wire::SelectField {
    wire::SelectField {
        kind: wire::SelectKind::Is,
        label: label.to_string(),
        description: description.clone(),
        options: select_options(options),
        default_value: default_value.to_string(),
    }
}

/// A field as the admin receives it.
pub fn field(f: &model::Field) -> wire::Field {
    use model::FieldKind as K;
    let label = f.label.clone();
    let description = f.description.clone();
    match &f.kind {
        K::Text {
            multiline,
            default_value,
            validation,
        } => wire::Field::Text(wire::TextField {
            kind: wire::TextKind::Is,
            label,
            description,
            multiline: *multiline,
            default_value: default_value.clone(),
            validation: text_validation(validation),
        }),
        K::Slug {
            name_default,
            name_validation,
            slug_label,
            slug_description,
            slug_validation,
        } => wire::Field::Slug(wire::SlugField {
            kind: wire::SlugKind::Is,
            label,
            description,
            name: wire::SlugName {
                default_value: name_default.clone(),
                validation: text_validation(name_validation),
            },
            slug: wire::SlugPart {
                label: slug_label.clone(),
                description: slug_description.clone(),
                validation: text_validation(slug_validation),
            },
        }),
        K::Integer {
            default_value,
            validation,
        } => wire::Field::Integer(wire::IntegerField {
            kind: wire::IntegerKind::Is,
            label,
            description,
            default_value: default_value.map(number),
            validation: wire::NumberBounds {
                is_required: validation.is_required,
                min: validation.min.map(number),
                max: validation.max.map(number),
            },
        }),
        K::Number {
            default_value,
            step,
            validation,
            validate_step,
        } => wire::Field::Number(wire::NumberField {
            kind: wire::NumberKind::Is,
            label,
            description,
            default_value: default_value.map(number),
            step: step.map(number),
            validation: wire::NumberValidation {
                is_required: validation.is_required,
                min: validation.min.map(number),
                max: validation.max.map(number),
                step: *validate_step,
            },
        }),
        K::Checkbox { default_value } => {
            wire::Field::Checkbox(checkbox(&label, &description, *default_value))
        }
        K::Select {
            options,
            default_value,
        } => wire::Field::Select(select(&label, &description, options, default_value)),
        K::Date {
            default_value,
            validation,
        } => wire::Field::Date(wire::DateField {
            kind: wire::DateKind::Is,
            label,
            description,
            default_value: default_value.as_ref().map(|d| match d {
                model::DateDefault::Value(day) => wire::DateDefault::Day(day.clone()),
                model::DateDefault::Current => wire::DateDefault::Today {
                    kind: wire::Today::Is,
                },
            }),
            validation: date_bounds(validation),
        }),
        K::Datetime {
            default_value,
            validation,
        } => wire::Field::Datetime(wire::DatetimeField {
            kind: wire::DatetimeKind::Is,
            label,
            description,
            default_value: default_value.as_ref().map(|d| match d {
                model::DateDefault::Value(moment) => wire::DatetimeDefault::Moment(moment.clone()),
                model::DateDefault::Current => wire::DatetimeDefault::Now {
                    kind: wire::Now::Is,
                },
            }),
            validation: date_bounds(validation),
        }),
        K::Url {
            default_value,
            is_required,
        } => wire::Field::Url(wire::UrlField {
            kind: wire::UrlKind::Is,
            label,
            description,
            default_value: default_value.clone(),
            validation: required(*is_required),
        }),
        K::Content {
            kind,
            extension,
            options,
            components: parts,
        } => wire::Field::Content(Box::new(wire::ContentField {
            kind: content_kind(*kind),
            label,
            description,
            extension: match extension.as_str() {
                "mdx" => wire::ContentExtension::Mdx,
                "md" => wire::ContentExtension::Md,
                // The reader takes mdoc, mdx and md only.
                _ => wire::ContentExtension::Mdoc,
            },
            options: Some(editor_options(options)),
            components: Some(components(parts)),
        })),
        K::InlineContent {
            kind,
            multiline,
            options,
            components: parts,
        } => wire::Field::InlineContent(Box::new(wire::InlineContentField {
            kind: content_kind(*kind),
            label,
            description,
            inline: true,
            multiline: *multiline,
            options: Some(editor_options(options)),
            components: Some(components(parts)),
        })),
        K::Multiselect {
            options,
            default_value,
        } => wire::Field::Multiselect(wire::MultiselectField {
            kind: wire::MultiselectKind::Is,
            label,
            description,
            options: select_options(options),
            default_value: default_value.clone(),
        }),
        K::Asset {
            image,
            directory,
            public_path,
            is_required,
        } => wire::Field::Asset(wire::AssetField {
            kind: if *image {
                wire::AssetKind::Image
            } else {
                wire::AssetKind::File
            },
            label,
            description,
            directory: directory.clone(),
            public_path: public_path.clone(),
            validation: required(*is_required),
        }),
        K::CloudImage { is_required } => wire::Field::CloudImage(wire::CloudImageField {
            kind: wire::CloudImageKind::Is,
            label,
            description,
            validation: required(*is_required),
        }),
        K::Relationship {
            collection,
            is_required,
        } => wire::Field::Relationship(wire::RelationshipField {
            kind: wire::RelationshipKind::Is,
            label,
            description,
            collection: collection.clone(),
            validation: required(*is_required),
        }),
        K::MultiRelationship {
            collection,
            length: bounds,
        } => wire::Field::MultiRelationship(wire::MultiRelationshipField {
            kind: wire::MultiRelationshipKind::Is,
            label,
            description,
            collection: collection.clone(),
            validation: wire::LengthBounds {
                length: length(bounds),
            },
        }),
        K::PathReference {
            pattern,
            is_required,
        } => wire::Field::PathReference(wire::PathReferenceField {
            kind: wire::PathReferenceKind::Is,
            label,
            description,
            pattern: pattern.clone(),
            validation: required(*is_required),
        }),
        K::Array {
            element,
            item_label,
            slug_field,
            length: bounds,
        } => wire::Field::Array(wire::ArrayField {
            kind: wire::ArrayKind::Is,
            label,
            description,
            element: Box::new(field(element)),
            item_label: item_label.clone(),
            slug_field: slug_field.clone(),
            validation: wire::LengthBounds {
                length: length(bounds),
            },
        }),
        K::Blocks {
            blocks,
            length: bounds,
        } => wire::Field::Blocks(wire::BlocksField {
            kind: wire::BlocksKind::Is,
            label,
            description,
            blocks: keyed(blocks, |block| wire::Block {
                label: block.label.clone(),
                schema: Box::new(field(&block.schema)),
                item_label: block.item_label.clone(),
            }),
            validation: wire::LengthBounds {
                length: length(bounds),
            },
        }),
        K::Conditional {
            discriminant,
            values,
        } => wire::Field::Conditional(wire::ConditionalField {
            kind: wire::ConditionalKind::Is,
            label,
            description,
            discriminant: Box::new(discriminant_field(discriminant)),
            values: schema(values),
        }),
        K::Object { fields, layout } => wire::Field::Object(wire::ObjectField {
            kind: wire::ObjectKind::Is,
            label,
            description,
            fields: schema(fields),
            layout: layout.clone(),
        }),
        K::Empty => wire::Field::Empty(wire::EmptyField {
            kind: wire::EmptyKind::Is,
            label,
            description,
        }),
        K::Ignored => wire::Field::Ignored(wire::IgnoredField {
            kind: wire::IgnoredKind::Is,
            label,
            description,
        }),
        K::EmptyContent { kind, extension } => wire::Field::EmptyContent(wire::EmptyContentField {
            kind: match kind {
                model::EmptyContentKind::EmptyContent => wire::EmptyContentKind::EmptyContent,
                model::EmptyContentKind::EmptyDocument => wire::EmptyContentKind::EmptyDocument,
            },
            label,
            description,
            extension: extension.clone(),
        }),
    }
}

/// A conditional's discriminant: the reader takes a select or a checkbox only.
fn discriminant_field(f: &model::Field) -> wire::Discriminant {
    match &f.kind {
        model::FieldKind::Checkbox { default_value } => {
            wire::Discriminant::Checkbox(checkbox(&f.label, &f.description, *default_value))
        }
        model::FieldKind::Select {
            options,
            default_value,
        } => wire::Discriminant::Select(select(&f.label, &f.description, options, default_value)),
        _ => wire::Discriminant::Select(select(&f.label, &f.description, &[], "")),
    }
}

fn content_kind(kind: model::ContentKind) -> wire::ContentKind {
    match kind {
        model::ContentKind::Markdoc => wire::ContentKind::Markdoc,
        model::ContentKind::Mdx => wire::ContentKind::Mdx,
        model::ContentKind::Document => wire::ContentKind::Document,
    }
}

fn editor_options(options: &model::EditorOptions) -> wire::ContentOptions {
    let switch = |name| options.switch(name);
    wire::ContentOptions {
        bold: switch("bold"),
        italic: switch("italic"),
        strikethrough: switch("strikethrough"),
        code: switch("code"),
        underline: switch("underline"),
        superscript: switch("superscript"),
        subscript: switch("subscript"),
        keyboard: switch("keyboard"),
        alignment: switch("alignment"),
        align_to: options.align_to.as_ref().map(|aligns| {
            aligns
                .iter()
                .map(|align| match align {
                    model::TextAlign::Center => wire::TextAlign::Center,
                    model::TextAlign::End => wire::TextAlign::End,
                })
                .collect()
        }),
        heading: options.heading.as_ref().map(|heading| match heading {
            model::HeadingOption::Switch(on) => wire::HeadingOption::Switch(*on),
            model::HeadingOption::Levels(levels) => wire::HeadingOption::Levels(levels.clone()),
            model::HeadingOption::Detailed {
                levels,
                schema: props,
            } => wire::HeadingOption::Detailed(wire::HeadingDetails {
                levels: levels.clone(),
                schema: props.as_ref().map(schema),
            }),
        }),
        blockquote: switch("blockquote"),
        ordered_list: switch("orderedList"),
        unordered_list: switch("unorderedList"),
        code_block: options
            .code_block
            .as_ref()
            .map(|code_block| match code_block {
                model::CodeBlockOption::Switch(on) => wire::CodeBlockOption::Switch(*on),
                model::CodeBlockOption::Detailed { schema: props } => {
                    wire::CodeBlockOption::Detailed(wire::CodeBlockDetails {
                        schema: props.as_ref().map(schema),
                    })
                }
            }),
        divider: switch("divider"),
        link: switch("link"),
        table: switch("table"),
        image: options.image.as_ref().map(|image| match image {
            model::ImageOption::Switch(on) => wire::ImageOption::Switch(*on),
            model::ImageOption::Detailed(details) => {
                wire::ImageOption::Detailed(wire::ImageDetails {
                    directory: details.directory.clone(),
                    public_path: details.public_path.clone(),
                    transform_filename: details.slug_file_names.then_some(wire::SlugNames::Is),
                    schema: details.schema.as_ref().map(schema),
                })
            }
        }),
        layouts: options.layouts.as_ref().map(|layouts| {
            layouts
                .iter()
                .map(|l| l.iter().copied().map(number).collect())
                .collect()
        }),
    }
}

/// Content components by tag name.
fn components(
    components: &[(String, model::Component)],
) -> IndexMap<String, wire::ContentComponent> {
    keyed(components, |c| wire::ContentComponent {
        kind: match c.kind {
            model::ComponentKind::Block => wire::ComponentKind::Block,
            model::ComponentKind::Wrapper => wire::ComponentKind::Wrapper,
            model::ComponentKind::InlineWrapper => wire::ComponentKind::InlineWrapper,
            model::ComponentKind::Inline => wire::ComponentKind::Inline,
            model::ComponentKind::Repeating => wire::ComponentKind::Repeating,
            model::ComponentKind::Regions => wire::ComponentKind::Regions,
            model::ComponentKind::Mark => wire::ComponentKind::Mark,
        },
        label: c.label.clone(),
        description: c.description.clone(),
        schema: schema(&c.schema),
        for_specific_locations: c.for_specific_locations,
        toolbar: c.toolbar,
        children: c.children.clone(),
        validation: wire::ChildrenBounds {
            children: length(&c.children_length),
        },
        placeholder: c.placeholder.clone(),
        tag: c.tag.clone(),
        class_name: c.class_name.clone(),
        style: (!c.style.is_empty()).then(|| c.style.iter().cloned().collect()),
        cloud_image: c.cloud_image,
        regions: (!c.regions.is_empty()).then(|| {
            c.regions
                .iter()
                .map(|r| wire::ComponentRegion {
                    path: r.path.clone(),
                    label: r.label.clone(),
                    inline: r.inline,
                    placeholder: r.placeholder.clone(),
                    heading_levels: r.heading_levels.clone(),
                })
                .collect()
        }),
        heading_levels: c.heading_levels.clone(),
    })
}
