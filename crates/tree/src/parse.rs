//! Reading trees: the indented text format, the one-line bracket format and
//! JSON, told apart by their first character (see docs/tree-format.md).
//!
//! Every format follows the text policy of ply ([`ply_core::text`]): a byte-order
//! mark at the very start is skipped, and a control or invisible character anywhere
//! else is refused with its line and column. Every error names the line and column
//! where the problem is; no input makes the parsers panic, recurse without bound or
//! hold more than the limits allow: nodes are counted as they are read, in every
//! format (the text and bracket parsers are iterative and read token by token; JSON
//! is read node by node, its nesting bounded by serde_json's recursion limit).
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
use crate::value::{Decimal, NumberError};
use ply_core::chance::{NodeKind, Ratio};
use ply_core::phrase::Phrase;
use ply_core::text::{check_text, excerpt, refusal, strip_bom};
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Unexpected, Visitor};
use serde_json::value::RawValue;
use std::collections::VecDeque;
use std::fmt;

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
    let text = checked(text)?;
    match detect_format(text) {
        Format::Text => read_text_format(text, options),
        Format::Bracket => read_bracket_format(text, options),
        Format::Json => read_json_format(text, options),
    }
}

/// The text policy of ply, which every format applies first: the text without its
/// byte-order mark, or the place of the first control or invisible character.
fn checked(text: &str) -> Result<&str, TreeError> {
    let text = strip_bom(text);
    check_text(text).map_err(|e| TreeError::at(saturate(e.line), saturate(e.column), e.message))?;
    Ok(text)
}

/// A line or column as [`TreeError`] stores it.
fn saturate(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
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
        return Err(TreeError::said(
            line_no,
            column(line, at),
            Phrase::new("errors.tree.dash_name_text"),
        ));
    }
    match name.char_indices().find(|&(_, c)| !is_name_char(c)) {
        Some((i, c)) => Err(TreeError::said(
            line_no,
            column(line, at + i),
            Phrase::new("errors.tree.name_char")
                .arg("char", c.to_string())
                .arg("name", excerpt(name)),
        )),
        None => Ok(()),
    }
}

/// A tag read, with its line and column.
type PlacedTag = (Tag, u32, u32);

/// What a `[...]` tag says about a node.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Tag {
    /// `[max]`, `[min]`, `[chance]`.
    Kind(NodeKind),
    /// `[1/6]`, `[0.25]`: the node's probability as an outcome of its chance parent.
    Probability(Ratio),
}

/// Reads a tag's content (between the brackets), placed at `line`:`column`.
fn read_tag(content: &str, line: u32, column: u32) -> Result<Tag, TreeError> {
    let content = content.trim();
    match content.to_ascii_lowercase().as_str() {
        "max" => return Ok(Tag::Kind(NodeKind::Max)),
        "min" => return Ok(Tag::Kind(NodeKind::Min)),
        "chance" => return Ok(Tag::Kind(NodeKind::Chance)),
        _ => {}
    }
    if content.starts_with(|c: char| c.is_ascii_digit() || c == '.' || c == '-' || c == '+') {
        return content
            .parse::<Ratio>()
            .map(Tag::Probability)
            .map_err(|e| TreeError::at(line, column, format!("probability {e}")));
    }
    Err(TreeError::said(
        line,
        column,
        Phrase::new("errors.tree.unknown_tag").arg("tag", excerpt(&format!("[{content}]"))),
    ))
}

/// Gives node `id` what its tags say; a node given two kinds or two probabilities
/// (`[chance][max]`, `[1/2][1/3]`, even the same one twice) is refused at the second.
fn apply_tags(
    builder: &mut TreeBuilder,
    id: NodeId,
    tags: &[(Tag, u32, u32)],
) -> Result<(), TreeError> {
    for &(tag, line, column) in tags {
        match tag {
            Tag::Kind(kind) => builder.set_kind(id, kind, line, column)?,
            Tag::Probability(p) => builder.set_probability(id, p, line, column)?,
        }
    }
    Ok(())
}

/// The tags in `part` of `line` (which starts at byte `at` of the line), read, and
/// `part` with each tag blanked out (so that columns stay where they were).
fn take_tags(
    part: &str,
    line_no: u32,
    line: &str,
    at: usize,
) -> Result<(String, Vec<PlacedTag>), TreeError> {
    let mut rest = part.to_string();
    let mut tags = Vec::new();
    let mut from = 0;
    while let Some(open) = part[from..].find('[').map(|i| i + from) {
        let Some(close) = part[open..].find(']').map(|i| i + open) else {
            return Err(TreeError::said(
                line_no,
                column(line, at + open),
                Phrase::new("errors.tree.tag_never_closed"),
            ));
        };
        let place = column(line, at + open);
        tags.push((
            read_tag(&part[open + 1..close], line_no, place)?,
            line_no,
            place,
        ));
        rest.replace_range(open..=close, &" ".repeat(close + 1 - open));
        from = close + 1;
    }
    if let Some(stray) = rest.find(']') {
        return Err(TreeError::said(
            line_no,
            column(line, at + stray),
            Phrase::new("errors.tree.unmatched_tag_close"),
        ));
    }
    Ok((rest, tags))
}

/// The indented text format: `name`, `name = value`, `= value` or a bare number
/// (a leaf value when the line has no children), `-` for an unnamed inner node;
/// tags in brackets give a node's kind or probability (`roll [chance]`, `a [1/6] = 3`).
pub fn parse_text(text: &str, options: &ParseOptions) -> Result<ExplicitTree, TreeError> {
    read_text_format(checked(text)?, options)
}

/// [`parse_text`] of a text that follows the text policy.
fn read_text_format(text: &str, options: &ParseOptions) -> Result<ExplicitTree, TreeError> {
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
                return Err(TreeError::said(
                    line_no,
                    column(line, at),
                    Phrase::new("errors.tree.indent_char").arg("code", format!("{:04X}", c as u32)),
                ));
            }
            match indent_char {
                None => indent_char = Some((c, line_no)),
                Some((used, first)) if used != c => {
                    let id = if c == '\t' {
                        "errors.tree.indent_tab_after_spaces"
                    } else {
                        "errors.tree.indent_space_after_tabs"
                    };
                    return Err(TreeError::said(
                        line_no,
                        column(line, at),
                        Phrase::new(id).arg("line", first),
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
            let phrase = if width == root_indent {
                Phrase::new("errors.tree.second_root")
            } else {
                Phrase::new("errors.tree.indent_before_root").arg("line", root_line)
            };
            return Err(TreeError::said(line_no, indent_col, phrase));
        }
        while let Some(&(w, _)) = open.last() {
            if w < width {
                break;
            }
            open.pop();
            let outer = open.last().map_or(0, |&(w, _)| w);
            if w > width && outer < width {
                return Err(TreeError::said(
                    line_no,
                    indent_col,
                    Phrase::new("errors.tree.indent_no_level")
                        .arg("width", width)
                        .arg("outer", outer)
                        .arg("inner", w),
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
        let (name_part, tags) = take_tags(name_part, line_no, line, at)?;
        let name_part = name_part.as_str();
        let name = name_part.trim();
        let name_at = at + (name_part.len() - name_part.trim_start().len());
        if let Some(space) = name.find(char::is_whitespace) {
            let next = name[space..].trim_start();
            let next_at = name_at + name.len() - next.len();
            return Err(TreeError::said(
                line_no,
                column(line, next_at),
                Phrase::new("errors.tree.one_node_per_line")
                    .arg(
                        "word",
                        excerpt(next.split(char::is_whitespace).next().unwrap_or(next)),
                    )
                    .arg("name", excerpt(&name[..space])),
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
                    return Err(TreeError::said(
                        line_no,
                        column(line, value_at),
                        Phrase::new("errors.tree.missing_value").arg("word", "'='"),
                    ));
                }
                if let Some(space) = trimmed.find(char::is_whitespace) {
                    let next_at = value_at + trimmed.len() - trimmed[space..].trim_start().len();
                    return Err(TreeError::said(
                        line_no,
                        column(line, next_at),
                        Phrase::new("errors.tree.after_value")
                            .arg("word", excerpt(trimmed[space..].trim_start())),
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
                apply_tags(&mut builder, id, &tags)?;
                open.push((width, id));
            }
            None => {
                let id = if name == "-" || (name.is_empty() && !tags.is_empty()) {
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
                apply_tags(&mut builder, id, &tags)?;
                open.push((width, id));
            }
        }
    }
    for id in bare {
        builder.set_name(id, None);
    }
    builder.finish(options.perspective)
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Token<'a> {
    Open,
    Close,
    Equals,
    Word(&'a str),
    /// `[...]`: the text between the brackets.
    Tag(&'a str),
}

/// The tokens of the bracket format with their line and column, read as the
/// parser asks for them: a huge file never becomes a huge list of tokens.
struct BracketTokens<'a> {
    lines: std::iter::Enumerate<std::str::Split<'a, char>>,
    line: &'a str,
    line_no: u32,
    chars: std::iter::Peekable<std::str::CharIndices<'a>>,
    /// The column of the last character read. Columns are counted as we go:
    /// recounting from the line start would be quadratic.
    col: u32,
    /// The next token, once the parser has looked ahead (at most two).
    ahead: VecDeque<(Token<'a>, u32, u32)>,
}

impl<'a> BracketTokens<'a> {
    fn new(text: &'a str) -> BracketTokens<'a> {
        BracketTokens {
            lines: text.split('\n').enumerate(),
            line: "",
            line_no: 0,
            chars: "".char_indices().peekable(),
            col: 0,
            ahead: VecDeque::new(),
        }
    }

    /// The next token, or `None` at the end of the text.
    fn next(&mut self) -> Result<Option<(Token<'a>, u32, u32)>, TreeError> {
        match self.ahead.pop_front() {
            Some(token) => Ok(Some(token)),
            None => self.read(),
        }
    }

    /// The token `n` places ahead (0: the next one), without taking it.
    fn peek(&mut self, n: usize) -> Result<Option<Token<'a>>, TreeError> {
        while self.ahead.len() <= n {
            match self.read()? {
                Some(token) => self.ahead.push_back(token),
                None => return Ok(None),
            }
        }
        Ok(Some(self.ahead[n].0))
    }

    fn read(&mut self) -> Result<Option<(Token<'a>, u32, u32)>, TreeError> {
        loop {
            while let Some((at, c)) = self.chars.next() {
                self.col += 1;
                let (line_no, col) = (self.line_no, self.col);
                match c {
                    '#' => break,
                    '(' => return Ok(Some((Token::Open, line_no, col))),
                    ')' => return Ok(Some((Token::Close, line_no, col))),
                    '=' => return Ok(Some((Token::Equals, line_no, col))),
                    '[' => {
                        // A tag lies on one line.
                        let mut end = None;
                        for (next_at, next) in self.chars.by_ref() {
                            self.col += 1;
                            if next == ']' {
                                end = Some(next_at);
                                break;
                            }
                        }
                        let Some(end) = end else {
                            return Err(TreeError::said(
                                line_no,
                                col,
                                Phrase::new("errors.tree.tag_never_closed_line"),
                            ));
                        };
                        return Ok(Some((Token::Tag(&self.line[at + 1..end]), line_no, col)));
                    }
                    ']' => {
                        return Err(TreeError::said(
                            line_no,
                            col,
                            Phrase::new("errors.tree.unmatched_tag_close"),
                        ));
                    }
                    ',' => {}
                    c if c.is_whitespace() => {}
                    c if is_name_char(c) => {
                        let mut end = at + c.len_utf8();
                        while let Some(&(next_at, next)) = self.chars.peek() {
                            if !is_name_char(next) {
                                break;
                            }
                            end = next_at + next.len_utf8();
                            self.col += 1;
                            self.chars.next();
                        }
                        return Ok(Some((Token::Word(&self.line[at..end]), line_no, col)));
                    }
                    c => {
                        return Err(TreeError::said(
                            line_no,
                            col,
                            Phrase::new("errors.tree.bracket_char").arg("char", c.to_string()),
                        ));
                    }
                }
            }
            // The end of the line, or a comment that runs to it.
            let Some((index, line)) = self.lines.next() else {
                return Ok(None);
            };
            self.line = line;
            self.line_no = saturate(index + 1);
            self.chars = line.char_indices().peekable();
            self.col = 0;
        }
    }
}

/// The bracket format: a leaf is a number or `name=number`; an inner node is
/// `(` an optional name, its children `)`.
pub fn parse_bracket(text: &str, options: &ParseOptions) -> Result<ExplicitTree, TreeError> {
    read_bracket_format(checked(text)?, options)
}

/// [`parse_bracket`] of a text that follows the text policy.
fn read_bracket_format(text: &str, options: &ParseOptions) -> Result<ExplicitTree, TreeError> {
    let mut tokens = BracketTokens::new(text);
    let mut builder = TreeBuilder::new(options.limits);
    // Open groups: (node, children so far, line, column of the '(').
    let mut open: Vec<(NodeId, u32, u32, u32)> = Vec::new();
    let mut done = false;
    let mut previous_open = false;
    // Tags waiting for the next node written; and whether the open group has had a
    // child yet (a kind tag right after '(' or the group's name is the group's).
    let mut pending: Vec<(Tag, u32, u32)> = Vec::new();
    let mut group_head = false;
    while let Some((token, line, col)) = tokens.next()? {
        let after_end = |what: &str| {
            TreeError::said(
                line,
                col,
                Phrase::new("errors.tree.after_end").arg("word", what),
            )
        };
        let follows_open = std::mem::replace(&mut previous_open, token == Token::Open);
        match token {
            Token::Tag(content) => {
                if done {
                    return Err(after_end(&excerpt(&format!("[{content}]"))));
                }
                let tag = read_tag(content, line, col)?;
                match (tag, open.last()) {
                    (Tag::Kind(_), Some(&(group, ..))) if group_head && pending.is_empty() => {
                        apply_tags(&mut builder, group, &[(tag, line, col)])?;
                    }
                    _ => pending.push((tag, line, col)),
                }
                continue;
            }
            Token::Open => {
                if done {
                    return Err(after_end("'('"));
                }
                let parent = open.last_mut().map(|g| {
                    g.1 += 1;
                    g.0
                });
                let id = builder.push(parent, None, line, col)?;
                apply_tags(&mut builder, id, &std::mem::take(&mut pending))?;
                open.push((id, 0, line, col));
                group_head = true;
            }
            Token::Close => {
                if let Some(&(_, tline, tcol)) = pending.first() {
                    return Err(TreeError::said(
                        tline,
                        tcol,
                        Phrase::new("errors.tree.tag_without_node"),
                    ));
                }
                group_head = false;
                let Some((id, children, ..)) = open.pop() else {
                    return Err(TreeError::said(
                        line,
                        col,
                        Phrase::new("errors.tree.unmatched_close"),
                    ));
                };
                if children == 0 {
                    return Err(TreeError::said(
                        line,
                        col,
                        Phrase::new("errors.tree.empty_group")
                            .arg("name", excerpt(builder.name(id))),
                    ));
                }
                done = open.is_empty();
            }
            Token::Equals => {
                return Err(TreeError::said(
                    line,
                    col,
                    Phrase::new("errors.tree.unexpected_equals"),
                ));
            }
            Token::Word(word) => {
                if done {
                    return Err(after_end(&excerpt(word)));
                }
                let named_leaf = tokens.peek(0)? == Some(Token::Equals);
                let group_name = follows_open && !named_leaf;
                if named_leaf {
                    let missing = |line, col| {
                        TreeError::said(
                            line,
                            col,
                            Phrase::new("errors.tree.missing_value")
                                .arg("word", excerpt(&format!("{word}="))),
                        )
                    };
                    // The '=' seen ahead.
                    let Some((_, eline, ecol)) = tokens.next()? else {
                        return Err(missing(line, col));
                    };
                    let (value, vline, vcol) = match tokens.next()? {
                        Some((Token::Word(value), vline, vcol)) => (value, vline, vcol),
                        Some((_, vline, vcol)) => {
                            return Err(missing(vline, vcol));
                        }
                        None => return Err(missing(eline, ecol + 1)),
                    };
                    if word.parse::<Decimal>().is_ok() {
                        return Err(TreeError::said(
                            line,
                            col,
                            Phrase::new("errors.tree.number_names_leaf").arg("word", excerpt(word)),
                        ));
                    }
                    if word == "-" {
                        return Err(TreeError::said(
                            line,
                            col,
                            Phrase::new("errors.tree.dash_name"),
                        ));
                    }
                    let decimal: Decimal =
                        value.parse().map_err(|e| TreeError::at(vline, vcol, e))?;
                    let parent = open.last_mut().map(|g| {
                        g.1 += 1;
                        g.0
                    });
                    let id = builder.push(parent, Some(word.to_string()), line, col)?;
                    builder.set_value(id, decimal, vline, vcol);
                    apply_tags(&mut builder, id, &std::mem::take(&mut pending))?;
                    group_head = false;
                    done = open.is_empty();
                    continue;
                }
                let number = word.parse::<Decimal>();
                if let Ok(decimal) = number {
                    let parent = open.last_mut().map(|g| {
                        g.1 += 1;
                        g.0
                    });
                    let id = builder.push(parent, None, line, col)?;
                    builder.set_value(id, decimal, line, col);
                    apply_tags(&mut builder, id, &std::mem::take(&mut pending))?;
                    group_head = false;
                    done = open.is_empty();
                } else if group_name && !open.is_empty() && word != "-" {
                    let group = open.last().map_or(0, |g| g.0);
                    builder.set_name(group, Some(word.to_string()));
                } else {
                    return Err(match number {
                        // Written as a number, but not one a tree may hold: the
                        // same message as the other formats give.
                        Err(
                            error @ (NumberError::Exponent(_)
                            | NumberError::TooPrecise(_)
                            | NumberError::TooLarge(_)),
                        ) => TreeError::at(line, col, error.to_string()),
                        _ if word
                            .chars()
                            .next()
                            .is_some_and(|c| c.is_ascii_digit() || c == '-' || c == '.') =>
                        {
                            TreeError::said(
                                line,
                                col,
                                Phrase::new("errors.tree.not_a_number").arg("word", excerpt(word)),
                            )
                        }
                        _ => TreeError::said(
                            line,
                            col,
                            Phrase::new("errors.tree.unknown_token").arg("word", excerpt(word)),
                        ),
                    });
                }
            }
        }
    }
    if let Some(&(_, tline, tcol)) = pending.first() {
        return Err(TreeError::said(
            tline,
            tcol,
            Phrase::new("errors.tree.tag_without_node"),
        ));
    }
    if let Some(&(_, _, line, col)) = open.first() {
        let (end_line, end_col) = end_of(text);
        return Err(TreeError::said(
            end_line,
            end_col,
            Phrase::new("errors.tree.never_closed")
                .arg("line", line)
                .arg("column", col),
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

/// The deepest JSON tree: serde_json refuses more than 127 nested arrays and
/// objects (its recursion limit, which bounds the stack it uses), and each level
/// of a tree is an object and its `"children"` array.
pub const JSON_MAX_DEPTH: u32 = 63;

/// The fields of a JSON node.
const JSON_FIELDS: &[&str] = &["name", "value", "children", "kind", "probability"];

/// Reads a JSON tree node by node into a [`TreeBuilder`], so that the node and depth
/// limits apply as nodes appear (the whole document is never built in memory).
struct JsonReader<'de> {
    text: &'de str,
    builder: TreeBuilder,
    /// An error found by the reader itself, with its own place; serde_json only
    /// carries a placeholder out, to stop reading.
    error: Option<TreeError>,
    /// The last place asked for: byte offset, line, column.
    cursor: (usize, usize, usize),
}

/// What a JSON node turned out to be, once its object has been read.
struct JsonSummary {
    id: NodeId,
    has_value: bool,
    /// The number of children, `None` without a `"children"` field.
    children: Option<usize>,
}

impl<'de> JsonReader<'de> {
    /// Keeps `error` and gives serde_json a placeholder to stop with.
    fn fail<E: de::Error>(&mut self, error: TreeError) -> E {
        self.error = Some(error);
        E::custom("stopped by the tree reader")
    }

    /// The line and column where `piece`, a slice of the text, starts (and where
    /// its last character is).
    fn places(&mut self, piece: &str) -> ((u32, u32), (u32, u32)) {
        let start = (piece.as_ptr() as usize)
            .checked_sub(self.text.as_ptr() as usize)
            .filter(|&start| start + piece.len() <= self.text.len())
            .unwrap_or(0);
        let last = start + piece.len().saturating_sub(1);
        (self.place(start), self.place(last))
    }

    /// The line and column of byte `offset`. Values are met in reading order, so the
    /// count goes on from the last place asked for: linear in the text, not quadratic.
    fn place(&mut self, offset: usize) -> (u32, u32) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let (from, mut line, mut column) = self.cursor;
        if offset < from {
            self.cursor = (0, 1, 1);
            return self.place(offset);
        }
        for c in self.text[from..offset].chars() {
            if c == '\n' {
                line += 1;
                column = 1;
            } else {
                column += 1;
            }
        }
        self.cursor = (offset, line, column);
        (saturate(line), saturate(column))
    }

    /// A node is a leaf with a value or an inner node with children: checked once its
    /// whole object is read (the caller gives the place).
    fn check(&self, node: &JsonSummary) -> Result<(), String> {
        let who = if self.builder.is_named(node.id) {
            excerpt(self.builder.name(node.id))
        } else {
            "a node".to_string()
        };
        match (node.has_value, node.children) {
            (true, Some(n)) if n > 0 => Err(format!(
                "{who} has both \"value\" and \"children\": only leaves have values"
            )),
            (false, None) => Err(format!(
                "leaf {who} has no value (give it \"value\": 3, or \"children\": [...])"
            )),
            (false, Some(0)) => Err(format!("{who} has an empty \"children\" list")),
            _ => Ok(()),
        }
    }

    /// The `"name"` field: a string (or `null`), under the text policy like the rest
    /// of the file. Its escapes (`"\u0007"`) can spell characters that the text
    /// itself may not contain: they are refused here, at the name's place.
    fn name(&mut self, raw: &'de RawValue) -> Result<Option<String>, TreeError> {
        let ((line, column), _) = self.places(raw.get());
        let name: Option<String> = serde_json::from_str(raw.get())
            .map_err(|e| TreeError::at(line, column, serde_message(&e)))?;
        if let Some(name) = &name
            && let Some(refused) = name.chars().find_map(refusal)
        {
            return Err(TreeError::at(
                line,
                column,
                format!("{refused} (in the name {})", excerpt(name)),
            ));
        }
        Ok(name)
    }

    /// The `"value"` field: a number as written, read like the numbers of the
    /// other formats (no exponent, at most three decimals); `null` is no value.
    fn value(&mut self, raw: &'de RawValue) -> Result<Option<(Decimal, u32, u32)>, TreeError> {
        let text = raw.get();
        let ((line, column), end) = self.places(text);
        let quoted;
        let unexpected = match text.as_bytes().first() {
            Some(b'-' | b'0'..=b'9') => {
                let decimal = text
                    .parse::<Decimal>()
                    .map_err(|e| TreeError::at(line, column, e))?;
                return Ok(Some((decimal, line, column)));
            }
            Some(b'n') => return Ok(None),
            Some(b't') => Unexpected::Bool(true),
            Some(b'f') => Unexpected::Bool(false),
            Some(b'[') => Unexpected::Seq,
            Some(b'{') => Unexpected::Map,
            _ => {
                let string: String = serde_json::from_str(text).unwrap_or_default();
                quoted = match string.char_indices().nth(ply_core::text::EXCERPT_CHARS) {
                    Some((cut, _)) => format!("{}…", &string[..cut]),
                    None => string,
                };
                Unexpected::Str(&quoted)
            }
        };
        // The message and place serde_json gives: after the value it read.
        let error = <serde_json::Error as de::Error>::invalid_type(unexpected, &"a JSON number");
        Err(TreeError::at(end.0, end.1, error.to_string()))
    }
}

/// A node: `{"name": ..., "value": ...}` or `{"name": ..., "children": [...]}`.
struct NodeSeed<'r, 'de> {
    reader: &'r mut JsonReader<'de>,
    parent: Option<NodeId>,
}

impl<'de> DeserializeSeed<'de> for NodeSeed<'_, 'de> {
    type Value = JsonSummary;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<JsonSummary, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for NodeSeed<'_, 'de> {
    type Value = JsonSummary;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a node: an object with \"name\", \"value\" or \"children\"")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<JsonSummary, A::Error> {
        let reader = self.reader;
        // Added as soon as its object opens: the limits apply before its children are read.
        let id = match reader.builder.push(self.parent, None, 0, 0) {
            Ok(id) => id,
            Err(e) => return Err(reader.fail(e)),
        };
        let mut node = JsonSummary {
            id,
            has_value: false,
            children: None,
        };
        let mut seen = [false; 5];
        while let Some(key) = map.next_key_seed(KeySeed)? {
            if std::mem::replace(&mut seen[key as usize], true) {
                return Err(de::Error::duplicate_field(JSON_FIELDS[key as usize]));
            }
            match key {
                Key::Name => {
                    let raw: &'de RawValue = map.next_value()?;
                    match reader.name(raw) {
                        Ok(name) => reader.builder.set_name(id, name),
                        Err(e) => return Err(reader.fail(e)),
                    }
                }
                Key::Value => {
                    let raw: &'de RawValue = map.next_value()?;
                    match reader.value(raw) {
                        Ok(Some((value, line, column))) => {
                            reader.builder.set_value(id, value, line, column);
                            node.has_value = true;
                        }
                        Ok(None) => {}
                        Err(e) => return Err(reader.fail(e)),
                    }
                }
                Key::Children => {
                    node.children = map.next_value_seed(ChildrenSeed {
                        reader: &mut *reader,
                        parent: id,
                    })?;
                }
                Key::Kind => {
                    let raw: &'de RawValue = map.next_value()?;
                    let ((line, column), _) = reader.places(raw.get());
                    let tag = match serde_json::from_str::<String>(raw.get()) {
                        Ok(kind) if ["max", "min", "chance"].contains(&kind.as_str()) => {
                            read_tag(&kind, line, column)
                        }
                        _ => Err(TreeError::said(
                            line,
                            column,
                            Phrase::new("errors.tree.json_kind").arg("value", excerpt(raw.get())),
                        )),
                    };
                    match tag {
                        Ok(tag) => {
                            if let Err(e) =
                                apply_tags(&mut reader.builder, id, &[(tag, line, column)])
                            {
                                return Err(reader.fail(e));
                            }
                        }
                        Err(e) => return Err(reader.fail(e)),
                    }
                }
                Key::Probability => {
                    let raw: &'de RawValue = map.next_value()?;
                    let ((line, column), _) = reader.places(raw.get());
                    // A number (0.25) or a string ("1/6").
                    let text = match serde_json::from_str::<String>(raw.get()) {
                        Ok(text) => text,
                        Err(_) => raw.get().to_string(),
                    };
                    let tag = match text.parse::<Ratio>() {
                        Ok(p) => Ok(Tag::Probability(p)),
                        Err(e) => Err(TreeError::at(line, column, format!("probability {e}"))),
                    };
                    match tag {
                        Ok(tag) => {
                            if let Err(e) =
                                apply_tags(&mut reader.builder, id, &[(tag, line, column)])
                            {
                                return Err(reader.fail(e));
                            }
                        }
                        Err(e) => return Err(reader.fail(e)),
                    }
                }
            }
        }
        Ok(node)
    }
}

/// The `"children"` field: a list of nodes, or `null` (no children).
struct ChildrenSeed<'r, 'de> {
    reader: &'r mut JsonReader<'de>,
    parent: NodeId,
}

impl<'de> DeserializeSeed<'de> for ChildrenSeed<'_, 'de> {
    type Value = Option<usize>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Option<usize>, D::Error> {
        deserializer.deserialize_option(self)
    }
}

impl<'de> Visitor<'de> for ChildrenSeed<'_, 'de> {
    type Value = Option<usize>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list of nodes")
    }

    fn visit_none<E: de::Error>(self) -> Result<Option<usize>, E> {
        Ok(None)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Option<usize>, D::Error> {
        deserializer.deserialize_seq(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Option<usize>, A::Error> {
        let mut count = 0;
        while let Some(child) = seq.next_element_seed(NodeSeed {
            reader: &mut *self.reader,
            parent: Some(self.parent),
        })? {
            // Raised here, serde_json places the error where it has read up to.
            self.reader.check(&child).map_err(de::Error::custom)?;
            count += 1;
        }
        Ok(Some(count))
    }
}

/// A field of a node.
#[derive(Clone, Copy)]
enum Key {
    Name = 0,
    Value = 1,
    Children = 2,
    Kind = 3,
    Probability = 4,
}

struct KeySeed;

impl<'de> DeserializeSeed<'de> for KeySeed {
    type Value = Key;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Key, D::Error> {
        deserializer.deserialize_identifier(self)
    }
}

impl Visitor<'_> for KeySeed {
    type Value = Key;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a field name")
    }

    fn visit_str<E: de::Error>(self, key: &str) -> Result<Key, E> {
        match key {
            "name" => Ok(Key::Name),
            "value" => Ok(Key::Value),
            "children" => Ok(Key::Children),
            "kind" => Ok(Key::Kind),
            "probability" => Ok(Key::Probability),
            // Quoted short and escaped: a key may be long, or spell control characters.
            _ => {
                let shown = excerpt(key);
                Err(E::unknown_field(&shown[1..shown.len() - 1], JSON_FIELDS))
            }
        }
    }
}

/// serde_json's message without the place it appends.
fn serde_message(error: &serde_json::Error) -> String {
    let message = error.to_string();
    let suffix = format!(" at line {} column {}", error.line(), error.column());
    match message.strip_suffix(&suffix) {
        Some(message) => message.to_string(),
        None => message,
    }
}

/// A serde_json error at its place (columns in characters, as everywhere in ply).
fn json_error(text: &str, error: &serde_json::Error) -> TreeError {
    let mut message = serde_message(error);
    if message == "recursion limit exceeded" {
        message = format!(
            "{message}: a JSON tree can be at most {JSON_MAX_DEPTH} levels deep; write deeper trees in the text or bracket format"
        );
    }
    let (line, bytes) = (error.line().max(1), error.column().max(1));
    // serde_json counts the bytes read on the line; ply counts characters.
    let column = text.split('\n').nth(line - 1).map_or(bytes, |l| {
        l.char_indices()
            .take_while(|&(i, _)| i < bytes)
            .count()
            .max(1)
    });
    TreeError::at(saturate(line), saturate(column), message)
}

/// JSON: `{"name": "root", "children": [{"name": "a", "value": 3}, ...]}`; names are
/// optional, and may be any string the text policy allows. Trees deeper than
/// [`JSON_MAX_DEPTH`] are refused.
pub fn parse_json(text: &str, options: &ParseOptions) -> Result<ExplicitTree, TreeError> {
    read_json_format(checked(text)?, options)
}

/// [`parse_json`] of a text that follows the text policy.
fn read_json_format(text: &str, options: &ParseOptions) -> Result<ExplicitTree, TreeError> {
    if text.trim().is_empty() {
        return Err(TreeError::said(1, 1, Phrase::new("errors.tree.empty")));
    }
    let mut reader = JsonReader {
        text,
        builder: TreeBuilder::new(options.limits),
        error: None,
        cursor: (0, 1, 1),
    };
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let root = NodeSeed {
        reader: &mut reader,
        parent: None,
    }
    .deserialize(&mut deserializer)
    .map_err(|e| reader.error.take().unwrap_or_else(|| json_error(text, &e)))?;
    // serde_json gives no place after the root's object: the file's start stands for it.
    reader
        .check(&root)
        .map_err(|message| TreeError::at(1, 1, message))?;
    deserializer.end().map_err(|e| json_error(text, &e))?;
    reader.builder.finish(options.perspective)
}
