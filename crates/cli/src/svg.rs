//! SVG pictures of answers for `--svg FILE`: a small writer of hand-written SVG text, the colour
//! palette shared by the pictures, and writing the file. The pictures themselves are drawn in
//! `svg/edge.rs` (edge-matching boards) and `svg/slide.rs` (sliding boards and their strips).

pub(crate) mod edge;
pub(crate) mod slide;

use std::fmt::Write as _;
use std::path::Path;

use crate::input::BadInput;

/// Boards with more cells than this are not drawn: the picture says so instead. A 32×32 board
/// is already a large picture, and a huge board (a 1,000×1,000 sliding board parses) would make a
/// file of hundreds of megabytes that nothing can show.
pub(crate) const MAX_DRAWN_CELLS: usize = 1024;

/// Writes `svg` to `path`; a file that cannot be written is bad input (exit status 1) named by
/// its path, like a file that cannot be read.
pub(crate) fn write(path: &Path, svg: &str) -> anyhow::Result<()> {
    std::fs::write(path, svg).map_err(|err| {
        BadInput { file: path.display().to_string(), pos: None, message: format!("cannot write: {err}") }.into()
    })
}

/// An SVG document being written. Coordinates are whole pixels. Attribute strings passed to the
/// drawing methods are written as they are, so they are built only from numbers and constants
/// in this module and its children; text content and the title are escaped.
#[derive(Debug, Default)]
pub(crate) struct Document {
    body: String,
}

impl Document {
    /// A rectangle.
    pub(crate) fn rect(&mut self, x: i64, y: i64, width: i64, height: i64, attrs: &str) {
        let _ = writeln!(self.body, r#"<rect x="{x}" y="{y}" width="{width}" height="{height}" {attrs}/>"#);
    }

    /// A closed polygon through `points`.
    pub(crate) fn polygon(&mut self, points: &[(i64, i64)], attrs: &str) {
        let points: Vec<String> = points.iter().map(|(x, y)| format!("{x},{y}")).collect();
        let _ = writeln!(self.body, r#"<polygon points="{}" {attrs}/>"#, points.join(" "));
    }

    /// A straight line.
    pub(crate) fn line(&mut self, from: (i64, i64), to: (i64, i64), attrs: &str) {
        let _ = writeln!(self.body, r#"<line x1="{}" y1="{}" x2="{}" y2="{}" {attrs}/>"#, from.0, from.1, to.0, to.1);
    }

    /// Text anchored at (`x`, `y`) as `attrs` say; `content` is escaped.
    pub(crate) fn text(&mut self, x: i64, y: i64, attrs: &str, content: &str) {
        let _ = writeln!(self.body, r#"<text x="{x}" y="{y}" {attrs}>{}</text>"#, escape(content));
    }

    /// The complete file: a `width`×`height` picture on a white background with `title` (shown by
    /// viewers as a tooltip and read by screen readers).
    pub(crate) fn finish(self, width: i64, height: i64, title: &str) -> String {
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
             <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
             viewBox=\"0 0 {width} {height}\" font-family=\"DejaVu Sans, Verdana, sans-serif\">\n\
             <title>{}</title>\n\
             <rect width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>\n\
             {}</svg>\n",
            escape(title),
            self.body
        )
    }
}

/// `text` with the five characters XML gives a meaning replaced by their entities.
pub(crate) fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&apos;"),
            // Control characters other than tab and newline are not allowed in XML 1.0 at all.
            c if c.is_control() && c != '\t' && c != '\n' => escaped.push('\u{fffd}'),
            c => escaped.push(c),
        }
    }
    escaped
}

/// A colour as red, green and blue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rgb(pub u8, pub(crate) u8, pub(crate) u8);

impl Rgb {
    /// `#rrggbb`.
    pub(crate) fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// This colour mixed with white: `amount` 0 keeps it, 1 makes it white.
    pub(crate) fn tint(self, amount: f64) -> Rgb {
        let mix = |c: u8| (f64::from(c) + (255.0 - f64::from(c)) * amount).round() as u8;
        Rgb(mix(self.0), mix(self.1), mix(self.2))
    }

    /// Black or white, whichever reads better on this colour.
    pub(crate) fn text_colour(self) -> &'static str {
        // Relative luminance with the sRGB weights, on the gamma-encoded values: good enough to
        // choose between black and white.
        let luminance = 0.2126 * f64::from(self.0) + 0.7152 * f64::from(self.1) + 0.0722 * f64::from(self.2);
        if luminance > 140.0 {
            "#000000"
        } else {
            "#ffffff"
        }
    }
}

/// The frame colour (colour 0) of colour puzzles.
pub(crate) const FRAME_GREY: Rgb = Rgb(0x40, 0x40, 0x40);

/// Twenty colours chosen to be told apart (Sasha Trubetskoy's list, without black and white).
const PALETTE: [Rgb; 20] = [
    Rgb(0xe6, 0x19, 0x4b), // red
    Rgb(0x3c, 0xb4, 0x4b), // green
    Rgb(0xff, 0xe1, 0x19), // yellow
    Rgb(0x43, 0x63, 0xd8), // blue
    Rgb(0xf5, 0x82, 0x31), // orange
    Rgb(0x91, 0x1e, 0xb4), // purple
    Rgb(0x42, 0xd4, 0xf4), // cyan
    Rgb(0xf0, 0x32, 0xe6), // magenta
    Rgb(0xbf, 0xef, 0x45), // lime
    Rgb(0xfa, 0xbe, 0xd4), // pink
    Rgb(0x46, 0x99, 0x90), // teal
    Rgb(0xdc, 0xbe, 0xff), // lavender
    Rgb(0x9a, 0x63, 0x24), // brown
    Rgb(0xff, 0xfa, 0xc8), // beige
    Rgb(0x80, 0x00, 0x00), // maroon
    Rgb(0xaa, 0xff, 0xc3), // mint
    Rgb(0x80, 0x80, 0x00), // olive
    Rgb(0xff, 0xd8, 0xb1), // apricot
    Rgb(0x00, 0x00, 0x75), // navy
    Rgb(0xa9, 0xa9, 0xa9), // grey
];

/// The `index`-th colour: the palette first, then hues a golden angle apart (so that colours
/// close in number are far apart in hue) at alternating lightness. Always the same colour for
/// the same index.
pub(crate) fn palette(index: usize) -> Rgb {
    if let Some(&rgb) = PALETTE.get(index) {
        return rgb;
    }
    let beyond = (index - PALETTE.len()) as f64;
    let hue = (beyond * 137.507_764_050_037_85).rem_euclid(360.0);
    let lightness = if index % 2 == 0 { 0.45 } else { 0.65 };
    hsl(hue, 0.7, lightness)
}

/// The colour of hue `hue` (degrees), saturation and lightness 0 to 1.
fn hsl(hue: f64, saturation: f64, lightness: f64) -> Rgb {
    let chroma = (1.0 - (2.0 * lightness - 1.0).abs()) * saturation;
    let sector = hue / 60.0;
    let second = chroma * (1.0 - (sector.rem_euclid(2.0) - 1.0).abs());
    let (r, g, b) = match sector as u32 {
        0 => (chroma, second, 0.0),
        1 => (second, chroma, 0.0),
        2 => (0.0, chroma, second),
        3 => (0.0, second, chroma),
        4 => (second, 0.0, chroma),
        _ => (chroma, 0.0, second),
    };
    let base = lightness - chroma / 2.0;
    let channel = |c: f64| ((c + base) * 255.0).round().clamp(0.0, 255.0) as u8;
    Rgb(channel(r), channel(g), channel(b))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Checks what the pictures rely on from XML: one root `svg` element, every tag closed in
    /// order, attribute values quoted, and no bare `<` or `&` in text or attributes. Returns the
    /// number of each element name seen, for tests to count polygons and tiles.
    pub(crate) fn well_formed(svg: &str) -> std::collections::BTreeMap<String, usize> {
        let mut counts = std::collections::BTreeMap::new();
        let body = svg.strip_prefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n").expect("an XML declaration");
        let mut stack: Vec<&str> = Vec::new();
        let mut rest = body;
        let mut roots = 0;
        while let Some(open) = rest.find('<') {
            check_text(&rest[..open]);
            let close = rest[open..].find('>').expect("every tag ends") + open;
            let tag = &rest[open + 1..close];
            rest = &rest[close + 1..];
            if let Some(name) = tag.strip_prefix('/') {
                assert_eq!(stack.pop(), Some(name), "closing tag in order");
                continue;
            }
            let self_closing = tag.ends_with('/');
            let tag = tag.trim_end_matches('/');
            let (name, attrs) = tag.split_once(' ').unwrap_or((tag, ""));
            assert!(!name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric()), "tag name {name:?}");
            check_attributes(attrs);
            if stack.is_empty() {
                roots += 1;
                assert_eq!(name, "svg", "the root element");
            }
            *counts.entry(name.to_owned()).or_insert(0) += 1;
            if !self_closing {
                stack.push(name);
            }
        }
        check_text(rest);
        assert!(stack.is_empty(), "unclosed tags {stack:?}");
        assert_eq!(roots, 1, "one root element");
        counts
    }

    fn check_text(text: &str) {
        assert!(!text.contains('<'), "bare < in {text:?}");
        for (i, _) in text.match_indices('&') {
            let entity = &text[i..];
            let known = ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"];
            assert!(known.iter().any(|e| entity.starts_with(e)), "bare & in {text:?}");
        }
    }

    /// `name="value"` pairs separated by single spaces.
    fn check_attributes(mut attrs: &str) {
        while !attrs.trim().is_empty() {
            attrs = attrs.trim_start();
            let (name, after) = attrs.split_once("=\"").expect("name=\"value\"");
            assert!(name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ':'), "attribute {name:?}");
            let (value, after) = after.split_once('"').expect("a closing quote");
            check_text(value);
            attrs = after;
        }
    }

    fn check_escape(input: &str, expected: &str) {
        assert_eq!(escape(input), expected, "{input:?}");
    }

    #[test]
    fn escaping() {
        check_escape("plain", "plain");
        check_escape("a < b & c > d", "a &lt; b &amp; c &gt; d");
        check_escape(r#""quoted" 'single'"#, "&quot;quoted&quot; &apos;single&apos;");
        check_escape("nul\0here", "nul\u{fffd}here");
    }

    #[test]
    fn documents_are_well_formed_with_escaped_text() {
        let mut doc = Document::default();
        doc.rect(0, 0, 10, 10, r##"fill="#ff0000""##);
        doc.polygon(&[(0, 0), (10, 0), (5, 5)], r##"fill="#00ff00""##);
        doc.line((0, 0), (10, 10), r##"stroke="#000000""##);
        doc.text(5, 5, r#"font-size="10""#, "<error> & \"more\"");
        let svg = doc.finish(10, 10, "a <title> & more");
        let counts = well_formed(&svg);
        assert_eq!(counts.get("rect"), Some(&2), "the background and one rectangle");
        assert_eq!(counts.get("polygon"), Some(&1));
        assert_eq!(counts.get("text"), Some(&1));
        assert!(svg.contains("&lt;error&gt; &amp; &quot;more&quot;"), "{svg}");
    }

    #[test]
    fn palette_colours_are_distinct_and_stable() {
        let colours: Vec<Rgb> = (0..200).map(palette).collect();
        for (i, a) in colours.iter().enumerate() {
            for b in &colours[..i] {
                assert_ne!(a, b, "colour {i} repeats");
            }
        }
        assert_eq!(palette(0), Rgb(0xe6, 0x19, 0x4b));
        assert_eq!(palette(20), hsl(0.0, 0.7, 0.45));
        assert_eq!(hsl(120.0, 1.0, 0.5), Rgb(0, 255, 0));
        assert_eq!(hsl(240.0, 1.0, 0.5), Rgb(0, 0, 255));
        assert_eq!(Rgb(255, 255, 255).text_colour(), "#000000");
        assert_eq!(FRAME_GREY.text_colour(), "#ffffff");
        assert_eq!(Rgb(0, 0, 0).tint(0.5), Rgb(128, 128, 128));
    }
}
