//! Reading trees: the indented text format, the one-line bracket format and
//! JSON, told apart by their first character (see docs/tree-format.md).
//!
//! Every error names the line and column where the problem is; no input makes
//! the parsers panic or recurse without bound (the bracket and text parsers
//! are iterative; JSON nesting is bounded by serde_json's recursion limit).
//!
//! ```
//! use ply_tree::{parse, ParseOptions};
//!
//! let text = "\
//! root            # MAX to move
//!   left
//!     = 3
//!     = 12
//!   right
//!     a = 2
//!     b = 4
//! ";
//! let tree = parse(text, &ParseOptions::default()).unwrap();
//! assert_eq!(tree.len(), 7);
//! assert_eq!(tree.node(5).name, "a");
//! assert_eq!(tree.node(2).name, "#3"); // unnamed nodes are numbered in reading order
//!
//! let error = parse("root\n  left\n    = 3\n  right\n", &ParseOptions::default()).unwrap_err();
//! assert_eq!(error.to_string(), "4:3: leaf 'right' has no value (write it as 'right = 3')");
//! ```

use crate::tree::{ExplicitTree, NodeId, ParseOptions, TreeBuilder, TreeError};
use crate::value::Decimal;
use serde::Deserialize;

/// The three ways of writing a tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// One node per line, children indented under their parent.
    Text,
    /// `((3 12 8) (2 4 6) (14 5 2))`.
    Bracket,
    /// `{"name": "root", "children": [{"value": 3}, ...]}`.
    Json,
}

/// The format of `text`, from its first character that is not blank or in a `#` comment:
/// `(` is the bracket format, `{` JSON, anything else the text format.
pub fn detect_format(text: &str) -> Format {
    for line in text.lines() {
        let content = line.trim_start();
        match content.chars().next() {
            None | Some('#') => continue,
            Some('(') => return Format::Bracket,
            Some('{') => return Format::Json,
            Some(_) => return Format::Text,
        }
    }
    Format::Text
}

/// Reads a tree in any of the three formats. A byte-order mark at the start
/// (as some Windows editors write) is ignored.
pub fn parse(text: &str, options: &ParseOptions) -> Result<ExplicitTree, TreeError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    match detect_format(text) {
        Format::Text => parse_text(text, options),
        Format::Bracket => parse_bracket(text, options),
        Format::Json => parse_json(text, options),
    }
}

/// Characters that may not appear in a name (they mean something in one of the formats).
fn is_name_char(c: char) -> bool {
    !c.is_whitespace() && !matches!(c, '=' | '#' | '(' | ')' | ',' | '{' | '}' | '[' | ']' | '"')
}

/// 1-based column of byte offset `at` in `line`, counted in characters.
fn column(line: &str, at: usize) -> u32 {
    line[..at].chars().count() as u32 + 1
}

fn check_name(name: &str, line_no: u32, line: &str, at: usize) -> Result<(), TreeError> {
    if name == "-" {
        return Err(TreeError::at(
            line_no,
            column(line, at),
            "'-' alone is not a name (in the text format it marks an unnamed node)",
        ));
    }
    match name.char_indices().find(|&(_, c)| !is_name_char(c)) {
        Some((i, c)) => Err(TreeError::at(
            line_no,
            column(line, at + i),
            format!(
                "unexpected '{c}' in the name '{name}' (names cannot contain spaces or any of = # ( ) , {{ }} [ ] \")"
            ),
        )),
        None => Ok(()),
    }
}

/// The indented text format: `name`, `name = value`, `= value` or a bare number
/// (a leaf value when the line has no children), `-` for an unnamed inner node.
pub fn parse_text(text: &str, options: &ParseOptions) -> Result<ExplicitTree, TreeError> {
    let mut builder = TreeBuilder::new(options.limits);
    // The open nodes from the root down: (indentation width, node).
    let mut open: Vec<(usize, NodeId)> = Vec::new();
    let mut indent_char: Option<(char, u32)> = None;
    let mut root_indent = 0;
    let mut root_line = 0;
    // Nodes written as a bare number: a leaf value, unless children follow.
    let mut bare: Vec<NodeId> = Vec::new();

    for (index, raw) in text.split('\n').enumerate() {
        let line_no = index as u32 + 1;
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        let line = &raw[..raw.find('#').unwrap_or(raw.len())];
        if line.trim().is_empty() {
            continue;
        }
        let indent_len = line.len() - line.trim_start().len();
        for (at, c) in line[..indent_len].char_indices() {
            if c != ' ' && c != '\t' {
                return Err(TreeError::at(
                    line_no,
                    column(line, at),
                    format!(
                        "bad indentation: indent with spaces or tabs, not U+{:04X}",
                        c as u32
                    ),
                ));
            }
            match indent_char {
                None => indent_char = Some((c, line_no)),
                Some((used, first)) if used != c => {
                    let (this, that) = if c == '\t' {
                        ("a tab", "spaces")
                    } else {
                        ("a space", "tabs")
                    };
                    return Err(TreeError::at(
                        line_no,
                        column(line, at),
                        format!(
                            "bad indentation: {this} here, but line {first} indents with {that}; use one or the other"
                        ),
                    ));
                }
                Some(_) => {}
            }
        }
        let width = indent_len; // spaces and tabs are one byte each
        let indent_col = column(line, indent_len);

        // Find the parent: the nearest open node indented less than this line.
        if builder.is_empty() {
            root_indent = width;
            root_line = line_no;
        } else if width <= root_indent {
            let message = if width == root_indent {
                "a second root: a tree has one root, indent this line under it".to_string()
            } else {
                format!(
                    "bad indentation: this line is indented less than the root (line {root_line})"
                )
            };
            return Err(TreeError::at(line_no, indent_col, message));
        }
        while let Some(&(w, _)) = open.last() {
            if w < width {
                break;
            }
            open.pop();
            let outer = open.last().map_or(0, |&(w, _)| w);
            if w > width && outer < width {
                return Err(TreeError::at(
                    line_no,
                    indent_col,
                    format!(
                        "bad indentation: {width} columns matches no outer level (those are at {outer} and {w})"
                    ),
                ));
            }
        }
        let parent = open.last().map(|&(_, id)| id);

        // The node itself.
        let content = line[indent_len..].trim_end();
        let at = indent_len;
        let (name_part, value_part) = match content.split_once('=') {
            Some((name, value)) => (name, Some((value, at + name.len() + 1))),
            None => (content, None),
        };
        let name = name_part.trim();
        let name_at = at + (name_part.len() - name_part.trim_start().len());
        if let Some(space) = name.find(char::is_whitespace) {
            let next = name[space..].trim_start();
            let next_at = name_at + name.len() - next.len();
            return Err(TreeError::at(
                line_no,
                column(line, next_at),
                format!(
                    "unexpected '{}' after '{}': one node per line, written 'name', 'name = value' or '= value'",
                    next.split(char::is_whitespace).next().unwrap_or(next),
                    &name[..space]
                ),
            ));
        }
        if let Some(parent) = parent
            && bare.last() == Some(&parent)
        {
            // A bare number with children is a name after all.
            bare.pop();
            builder.clear_value(parent);
        }
        match value_part {
            Some((value, value_at)) => {
                let trimmed = value.trim();
                let value_at = value_at + (value.len() - value.trim_start().len());
                if trimmed.is_empty() {
                    return Err(TreeError::at(
                        line_no,
                        column(line, value_at),
                        "missing value after '='",
                    ));
                }
                if let Some(space) = trimmed.find(char::is_whitespace) {
                    let next_at = value_at + trimmed.len() - trimmed[space..].trim_start().len();
                    return Err(TreeError::at(
                        line_no,
                        column(line, next_at),
                        format!(
                            "unexpected '{}' after the value",
                            trimmed[space..].trim_start()
                        ),
                    ));
                }
                let decimal: Decimal = trimmed
                    .parse()
                    .map_err(|e| TreeError::at(line_no, column(line, value_at), e))?;
                let named = (!name.is_empty()).then(|| name.to_string());
                if named.is_some() {
                    check_name(name, line_no, line, name_at)?;
                }
                let id = builder.push(parent, named, line_no, column(line, name_at))?;
                builder.set_value(id, decimal, line_no, column(line, value_at));
                open.push((width, id));
            }
            None => {
                let id = if name == "-" {
                    builder.push(parent, None, line_no, column(line, name_at))?
                } else if let Ok(decimal) = name.parse::<Decimal>() {
                    let id = builder.push(
                        parent,
                        Some(name.to_string()),
                        line_no,
                        column(line, name_at),
                    )?;
                    builder.set_value(id, decimal, line_no, column(line, name_at));
                    bare.push(id);
                    id
                } else {
                    check_name(name, line_no, line, name_at)?;
                    builder.push(
                        parent,
                        Some(name.to_string()),
                        line_no,
                        column(line, name_at),
                    )?
                };
                open.push((width, id));
            }
        }
    }
    for id in bare {
        builder.set_name(id, None);
    }
    builder.finish(options.perspective)
}

#[derive(Clone, Debug, PartialEq)]
enum Token {
    Open,
    Close,
    Equals,
    Word(String),
}

/// Splits the bracket format into tokens with their line and column.
fn bracket_tokens(text: &str) -> Result<Vec<(Token, u32, u32)>, TreeError> {
    let mut tokens = Vec::new();
    for (index, line) in text.split('\n').enumerate() {
        let line_no = index as u32 + 1;
        // Columns are counted as we go: recounting from the line start would be quadratic.
        let mut chars = line.char_indices().peekable();
        let mut col = 0u32;
        while let Some((at, c)) = chars.next() {
            col += 1;
            match c {
                '#' => break,
                '(' => tokens.push((Token::Open, line_no, col)),
                ')' => tokens.push((Token::Close, line_no, col)),
                '=' => tokens.push((Token::Equals, line_no, col)),
                ',' => {}
                c if c.is_whitespace() => {}
                c if is_name_char(c) => {
                    let start = col;
                    let mut end = at + c.len_utf8();
                    while let Some(&(next_at, next)) = chars.peek() {
                        if !is_name_char(next) {
                            break;
                        }
                        end = next_at + next.len_utf8();
                        col += 1;
                        chars.next();
                    }
                    tokens.push((Token::Word(line[at..end].to_string()), line_no, start));
                }
                c => {
                    return Err(TreeError::at(
                        line_no,
                        col,
                        format!(
                            "unexpected '{c}': the bracket format has only '(', ')', numbers and names"
                        ),
                    ));
                }
            }
        }
    }
    Ok(tokens)
}

/// The bracket format: a leaf is a number or `name=number`; an inner node is
/// `(` an optional name, its children `)`.
pub fn parse_bracket(text: &str, options: &ParseOptions) -> Result<ExplicitTree, TreeError> {
    let tokens = bracket_tokens(text)?;
    let mut builder = TreeBuilder::new(options.limits);
    // Open groups: (node, children so far, line, column of the '(').
    let mut open: Vec<(NodeId, u32, u32, u32)> = Vec::new();
    let mut done = false;
    let mut i = 0;
    while i < tokens.len() {
        let (token, line, col) = &tokens[i];
        let (line, col) = (*line, *col);
        let after_end = |what: &str| {
            TreeError::at(
                line,
                col,
                format!(
                    "unexpected {what} after the end of the tree (the root's ')' is already closed)"
                ),
            )
        };
        match token {
            Token::Open => {
                if done {
                    return Err(after_end("'('"));
                }
                let parent = open.last_mut().map(|g| {
                    g.1 += 1;
                    g.0
                });
                let id = builder.push(parent, None, line, col)?;
                open.push((id, 0, line, col));
                i += 1;
            }
            Token::Close => {
                let Some((id, children, ..)) = open.pop() else {
                    return Err(TreeError::at(line, col, "unmatched ')'"));
                };
                if children == 0 {
                    return Err(TreeError::at(
                        line,
                        col,
                        format!(
                            "empty group '{}': an inner node needs at least one child",
                            builder.name(id)
                        ),
                    ));
                }
                done = open.is_empty();
                i += 1;
            }
            Token::Equals => {
                return Err(TreeError::at(
                    line,
                    col,
                    "unexpected '=': write a named leaf as name=3",
                ));
            }
            Token::Word(word) => {
                if done {
                    return Err(after_end(&format!("'{word}'")));
                }
                let named_leaf = matches!(tokens.get(i + 1), Some((Token::Equals, ..)));
                let group_name = i > 0 && tokens[i - 1].0 == Token::Open && !named_leaf;
                if named_leaf {
                    let (value, vline, vcol) = match tokens.get(i + 2) {
                        Some((Token::Word(value), vline, vcol)) => (value, *vline, *vcol),
                        Some((_, vline, vcol)) => {
                            return Err(TreeError::at(
                                *vline,
                                *vcol,
                                format!("missing value after '{word}='"),
                            ));
                        }
                        None => {
                            let (_, eline, ecol) = &tokens[i + 1];
                            return Err(TreeError::at(
                                *eline,
                                *ecol + 1,
                                format!("missing value after '{word}='"),
                            ));
                        }
                    };
                    if word.parse::<Decimal>().is_ok() {
                        return Err(TreeError::at(
                            line,
                            col,
                            format!("'{word}' is a number, so it cannot name a leaf"),
                        ));
                    }
                    if word == "-" {
                        return Err(TreeError::at(line, col, "'-' alone is not a name"));
                    }
                    let decimal: Decimal =
                        value.parse().map_err(|e| TreeError::at(vline, vcol, e))?;
                    let parent = open.last_mut().map(|g| {
                        g.1 += 1;
                        g.0
                    });
                    let id = builder.push(parent, Some(word.clone()), line, col)?;
                    builder.set_value(id, decimal, vline, vcol);
                    done = open.is_empty();
                    i += 3;
                } else if let Ok(decimal) = word.parse::<Decimal>() {
                    let parent = open.last_mut().map(|g| {
                        g.1 += 1;
                        g.0
                    });
                    let id = builder.push(parent, None, line, col)?;
                    builder.set_value(id, decimal, line, col);
                    done = open.is_empty();
                    i += 1;
                } else if group_name && !open.is_empty() && word != "-" {
                    let group = open.last().map_or(0, |g| g.0);
                    builder.set_name(group, Some(word.clone()));
                    i += 1;
                } else {
                    let hint = if word
                        .chars()
                        .next()
                        .is_some_and(|c| c.is_ascii_digit() || c == '-' || c == '.')
                    {
                        format!("'{word}' is not a number")
                    } else {
                        format!(
                            "unknown token '{word}': a name may only follow '(' or come before '=' (name=3)"
                        )
                    };
                    return Err(TreeError::at(line, col, hint));
                }
            }
        }
    }
    if let Some(&(_, _, line, col)) = open.first() {
        let (end_line, end_col) = end_of(text);
        return Err(TreeError::at(
            end_line,
            end_col,
            format!("missing ')': the '(' at line {line}, column {col} is never closed"),
        ));
    }
    builder.finish(options.perspective)
}

/// The line and column just after the last character of `text`.
fn end_of(text: &str) -> (u32, u32) {
    let line = text.split('\n').count() as u32;
    let last = text.rsplit('\n').next().unwrap_or("");
    (line, last.chars().count() as u32 + 1)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonFields {
    name: Option<String>,
    value: Option<serde_json::Number>,
    children: Option<Vec<JsonNode>>,
}

#[derive(Deserialize)]
#[serde(try_from = "JsonFields")]
struct JsonNode {
    name: Option<String>,
    value: Option<Decimal>,
    children: Vec<JsonNode>,
}

impl TryFrom<JsonFields> for JsonNode {
    type Error = String;

    /// Checked here, while serde_json still knows the line and column.
    fn try_from(fields: JsonFields) -> Result<JsonNode, String> {
        let who = fields
            .name
            .as_deref()
            .map_or_else(|| "a node".to_string(), |n| format!("'{n}'"));
        let value = match &fields.value {
            Some(number) => Some(number.to_string().parse::<Decimal>()?),
            None => None,
        };
        let had_children = fields.children.is_some();
        let children = fields.children.unwrap_or_default();
        match (value.is_some(), children.is_empty()) {
            (true, false) => Err(format!(
                "{who} has both \"value\" and \"children\": only leaves have values"
            )),
            (false, true) if !had_children => Err(format!(
                "leaf {who} has no value (give it \"value\": 3, or \"children\": [...])"
            )),
            (false, true) => Err(format!("{who} has an empty \"children\" list")),
            _ => Ok(JsonNode {
                name: fields.name,
                value,
                children,
            }),
        }
    }
}

/// JSON: `{"name": "root", "children": [{"name": "a", "value": 3}, ...]}`; names are optional.
pub fn parse_json(text: &str, options: &ParseOptions) -> Result<ExplicitTree, TreeError> {
    if text.trim().is_empty() {
        return Err(TreeError::at(
            1,
            1,
            "the tree is empty: write at least one node",
        ));
    }
    let root: JsonNode = serde_json::from_str(text).map_err(|e| {
        let message = e.to_string();
        let suffix = format!(" at line {} column {}", e.line(), e.column());
        let message = message
            .strip_suffix(&suffix)
            .unwrap_or(&message)
            .to_string();
        TreeError::at(e.line().max(1) as u32, e.column().max(1) as u32, message)
    })?;
    let mut builder = TreeBuilder::new(options.limits);
    let mut stack: Vec<(&JsonNode, Option<NodeId>)> = vec![(&root, None)];
    while let Some((node, parent)) = stack.pop() {
        let id = builder.push(parent, node.name.clone(), 0, 0)?;
        if let Some(value) = node.value {
            builder.set_value(id, value, 0, 0);
        }
        stack.extend(node.children.iter().rev().map(|child| (child, Some(id))));
    }
    builder.finish(options.perspective)
}
