//! Self-contained HTML pages that play answers for `--html FILE`: one template
//! (`html/page.html`, its script and style inline) filled with the checked answers as JSON, so
//! the page needs no network and opens from disk. What a page shows is built in `html/slide.rs`
//! (sliding boards, replayed move by move) and `html/edge.rs` (edge-matching boards, drawn as
//! `--svg` draws them).

pub(crate) mod edge;
pub(crate) mod slide;

use std::path::PathBuf;

use clap::Args;

/// The page: its style, its script and the place of its data.
const TEMPLATE: &str = include_str!("html/page.html");

/// `--html FILE` of `puzzle slide`.
#[derive(Debug, Args)]
pub(crate) struct SlideHtmlArg {
    /// Also write a self-contained HTML page to FILE that plays each board's answer move by move
    /// (play/pause, step, scrubber, speed; boards of up to 1024 cells are animated)
    #[arg(id = "html", long = "html", value_name = "FILE", value_parser = crate::values::parse_output_file, conflicts_with_all = ["split", "unit"])]
    pub(crate) path: Option<PathBuf>,
}

/// `--html FILE` of `puzzle edge`.
#[derive(Debug, Args)]
pub(crate) struct EdgeHtmlArg {
    /// Also write a self-contained HTML page to FILE showing the answer board as --svg draws it,
    /// each piece's number and rotation on hover: the first solution, the first solutions of
    /// --all, --count and --distinct, or the best board of --best with its mismatched joins
    /// marked
    #[arg(id = "html", long = "html", value_name = "FILE", value_parser = crate::values::parse_output_file, conflicts_with_all = ["split", "unit", "verify"])]
    pub(crate) path: Option<PathBuf>,
}

/// The page titled `title` holding `data` (read by the page's script, which draws everything).
pub(crate) fn page(title: &str, data: &serde_json::Value) -> String {
    // The data sits in a script element, where only `</script` (or `<!--`) could end it early:
    // JSON writes `<` only inside strings, where `\u003c` means the same.
    let json = data.to_string().replace('<', "\\u003c");
    // Cut once at each place, so that a title or data holding the other's marker stays as it is.
    let (head, rest) = TEMPLATE.split_once("{{TITLE}}").expect("the template has a place for the title");
    let (middle, tail) = rest.split_once("{{DATA}}").expect("the template has a place for the data");
    [head, &crate::svg::escape(title), middle, &json, tail].concat()
}

/// Writes `page` to `path`; a file that cannot be written is bad input named by its path.
pub(crate) fn write(path: &std::path::Path, page: &str) -> anyhow::Result<()> {
    crate::svg::write(path, page)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_template_has_one_place_for_the_title_and_the_data() {
        assert_eq!(TEMPLATE.matches("{{TITLE}}").count(), 1);
        assert_eq!(TEMPLATE.matches("{{DATA}}").count(), 1);
        assert!(TEMPLATE.starts_with("<!DOCTYPE html>\n<!--"), "the template opens with a header comment");
    }

    #[test]
    fn data_cannot_end_its_script_early() {
        let data = serde_json::json!({"note": "</script><script>alert(1)</script> <!--"});
        let html = page("a <title> & more", &data);
        assert_eq!(html.matches("</script>").count(), TEMPLATE.matches("</script>").count());
        assert!(!html.contains("<!-- \""), "{html}");
        assert!(html.contains("<title>a &lt;title&gt; &amp; more</title>"));
        // The data reads back as it was.
        let start = html.find(r#"<script type="application/json" id="data">"#).unwrap();
        let rest = &html[start..];
        let json = &rest[rest.find('>').unwrap() + 1..rest.find("</script>").unwrap()];
        assert_eq!(serde_json::from_str::<serde_json::Value>(json).unwrap(), data);
    }
}
