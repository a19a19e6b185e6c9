//! The normalized config as JSON, in the shape of `web/src/api/config.ts`.

use serde_json::{Map, Value, json};

use super::model::*;
use crate::value::number_to_json;

impl Config {
    /// Every default filled in; keys in file order.
    pub fn to_json(&self) -> Value {
        let collections: Map<String, Value> = self
            .collections
            .iter()
            .map(|(k, c)| (k.clone(), c.to_json()))
            .collect();
        let singletons: Map<String, Value> = self
            .singletons
            .iter()
            .map(|(k, s)| (k.clone(), s.to_json()))
            .collect();
        let navigation: Vec<Value> = self
            .navigation
            .iter()
            .map(|group| {
                let items: Vec<Value> = group
                    .items
                    .iter()
                    .map(|item| match item {
                        NavItem::Collection(key) => json!({ "kind": "collection", "key": key }),
                        NavItem::Singleton(key) => json!({ "kind": "singleton", "key": key }),
                        NavItem::Divider => json!({ "kind": "divider" }),
                    })
                    .collect();
                json!({ "label": group.label, "items": items })
            })
            .collect();
        json!({
            "storage": storage_json(&self.storage),
            "ui": { "brand": { "name": self.brand.name, "mark": self.brand.mark }, "navigation": navigation },
            "collections": collections,
            "singletons": singletons,
            "collaboration": self.collaboration,
        })
    }
}

fn storage_json(storage: &StorageKind) -> Value {
    match storage {
        StorageKind::Local => json!({ "kind": "local" }),
        StorageKind::Git(git) => json!({
            "kind": "git",
            "branchPrefix": git.branch_prefix,
            "protected": git.protected,
        }),
        StorageKind::Github(github) => json!({
            "kind": "github",
            "repo": { "owner": github.owner, "name": github.name },
            "branchPrefix": github.branch_prefix,
            "pathPrefix": github.path_prefix,
        }),
    }
}

impl Format {
    fn to_json(&self) -> Value {
        json!({ "data": self.data.extension(), "contentField": self.content_field })
    }
}

fn layout(layout: EntryLayout) -> &'static str {
    match layout {
        EntryLayout::Form => "form",
        EntryLayout::Content => "content",
    }
}

pub(super) fn schema_json(schema: &Schema) -> Value {
    Value::Object(
        schema
            .iter()
            .map(|(k, f)| (k.clone(), f.to_json()))
            .collect(),
    )
}

impl Collection {
    fn to_json(&self) -> Value {
        json!({
            "label": self.label,
            "path": self.path,
            "slugField": self.slug_field,
            "format": self.format.to_json(),
            "entryLayout": layout(self.entry_layout),
            "columns": self.columns,
            "previewUrl": self.preview_url,
            "template": self.template,
            "schema": schema_json(&self.schema),
        })
    }
}

impl Singleton {
    fn to_json(&self) -> Value {
        json!({
            "label": self.label,
            "path": self.path,
            "format": self.format.to_json(),
            "entryLayout": layout(self.entry_layout),
            "previewUrl": self.preview_url,
            "schema": schema_json(&self.schema),
        })
    }
}

fn text_validation(v: &TextValidation) -> Value {
    json!({
        "isRequired": v.is_required,
        "length": { "min": v.min, "max": v.max },
        "pattern": v.pattern.as_ref().map(|p| json!({ "regex": p.regex.as_str(), "message": p.message })),
    })
}

fn options_json(options: &[(String, String)]) -> Vec<Value> {
    options
        .iter()
        .map(|(label, value)| json!({ "label": label, "value": value }))
        .collect()
}

fn length_json(length: &Length) -> Value {
    json!({ "min": length.min, "max": length.max })
}

fn number(n: Option<f64>) -> Value {
    n.map(number_to_json).unwrap_or(Value::Null)
}

fn date_default(d: &Option<DateDefault>, current: &str) -> Value {
    match d {
        None => Value::Null,
        Some(DateDefault::Value(v)) => json!(v),
        Some(DateDefault::Current) => json!({ "kind": current }),
    }
}

impl Field {
    /// The normalized field, which is also valid `quire.yaml` input.
    pub fn to_json(&self) -> Value {
        let mut out = Map::new();
        out.insert("kind".into(), json!(self.kind.name()));
        out.insert("label".into(), json!(self.label));
        out.insert("description".into(), json!(self.description));
        let options = match &self.kind {
            FieldKind::Text {
                multiline,
                default_value,
                validation,
            } => json!({
                "multiline": multiline, "defaultValue": default_value, "validation": text_validation(validation),
            }),
            FieldKind::Slug {
                name_default,
                name_validation,
                slug_label,
                slug_description,
                slug_validation,
            } => json!({
                "name": { "defaultValue": name_default, "validation": text_validation(name_validation) },
                "slug": { "label": slug_label, "description": slug_description, "validation": text_validation(slug_validation) },
            }),
            FieldKind::Integer {
                default_value,
                validation,
            } => json!({
                "defaultValue": number(*default_value),
                "validation": { "isRequired": validation.is_required, "min": number(validation.min), "max": number(validation.max) },
            }),
            FieldKind::Number {
                default_value,
                step,
                validation,
                validate_step,
            } => json!({
                "defaultValue": number(*default_value),
                "step": number(*step),
                "validation": {
                    "isRequired": validation.is_required, "min": number(validation.min),
                    "max": number(validation.max), "step": validate_step,
                },
            }),
            FieldKind::Checkbox { default_value } => json!({ "defaultValue": default_value }),
            FieldKind::Select {
                options,
                default_value,
            } => json!({
                "options": options_json(options),
                "defaultValue": default_value,
            }),
            FieldKind::Date {
                default_value,
                validation,
            } => json!({
                "defaultValue": date_default(default_value, "today"),
                "validation": { "isRequired": validation.is_required, "min": validation.min, "max": validation.max },
            }),
            FieldKind::Datetime {
                default_value,
                validation,
            } => json!({
                "defaultValue": date_default(default_value, "now"),
                "validation": { "isRequired": validation.is_required, "min": validation.min, "max": validation.max },
            }),
            FieldKind::Url {
                default_value,
                is_required,
            } => json!({
                "defaultValue": default_value, "validation": { "isRequired": is_required },
            }),
            FieldKind::Content {
                extension,
                options,
                components,
                ..
            } => json!({
                "extension": extension,
                "options": options,
                "components": components_json(components),
            }),
            FieldKind::InlineContent {
                multiline,
                options,
                components,
                ..
            } => json!({
                "inline": true,
                "multiline": multiline,
                "options": options,
                "components": components_json(components),
            }),
            FieldKind::Multiselect {
                options,
                default_value,
            } => json!({
                "options": options_json(options),
                "defaultValue": default_value,
            }),
            FieldKind::Asset {
                directory,
                public_path,
                is_required,
                ..
            } => json!({
                "directory": directory, "publicPath": public_path, "validation": { "isRequired": is_required },
            }),
            FieldKind::CloudImage { is_required } => {
                json!({ "validation": { "isRequired": is_required } })
            }
            FieldKind::Relationship {
                collection,
                is_required,
            } => json!({
                "collection": collection, "validation": { "isRequired": is_required },
            }),
            FieldKind::MultiRelationship { collection, length } => json!({
                "collection": collection, "validation": { "length": length_json(length) },
            }),
            FieldKind::PathReference {
                pattern,
                is_required,
            } => json!({
                "pattern": pattern, "validation": { "isRequired": is_required },
            }),
            FieldKind::Array {
                element,
                item_label,
                slug_field,
                length,
            } => json!({
                "element": element.to_json(),
                "itemLabel": item_label,
                "slugField": slug_field,
                "validation": { "length": length_json(length) },
            }),
            FieldKind::Blocks { blocks, length } => json!({
                "blocks": blocks.iter().map(|(key, block)| (key.clone(), json!({
                    "label": block.label, "schema": block.schema.to_json(), "itemLabel": block.item_label,
                }))).collect::<Map<String, Value>>(),
                "validation": { "length": length_json(length) },
            }),
            FieldKind::Conditional {
                discriminant,
                values,
            } => json!({
                "discriminant": discriminant.to_json(),
                "values": schema_json(values),
            }),
            FieldKind::Object { fields, layout } => {
                json!({ "fields": schema_json(fields), "layout": layout })
            }
            FieldKind::Empty | FieldKind::Ignored => json!({}),
            FieldKind::Unsupported { options, .. } => json!({ "options": options }),
        };
        if let Value::Object(options) = options {
            out.extend(options);
        }
        Value::Object(out)
    }
}

/// Content components by tag name, as the admin receives them.
fn components_json(components: &[(String, Component)]) -> Value {
    components
        .iter()
        .map(|(name, c)| {
            let mut component = json!({
                "kind": c.kind.name(),
                "label": c.label,
                "description": c.description,
                "schema": schema_json(&c.schema),
                "forSpecificLocations": c.for_specific_locations,
                "toolbar": c.toolbar,
                "children": c.children,
                "validation": { "children": length_json(&c.children_length) },
                "placeholder": c.placeholder,
            });
            if let Some(tag) = &c.tag {
                component["tag"] = json!(tag);
            }
            if let Some(class_name) = &c.class_name {
                component["className"] = json!(class_name);
            }
            (name.clone(), component)
        })
        .collect::<Map<String, Value>>()
        .into()
}
