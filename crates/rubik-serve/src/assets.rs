//! The page: every file under `web/`, embedded in the binary at build time and served by its
//! path with the Content-Type its extension names; `/` is `index.html`.

use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use include_dir::{Dir, include_dir};

/// The files under `web/`, as they were when the crate was built.
static WEB: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/web");

/// The Content-Type of a file, from its extension.
pub fn content_type(path: &str) -> &'static str {
    let extension = path.rsplit_once('.').map_or("", |(_, extension)| extension);
    match extension.to_ascii_lowercase().as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "svg" => "image/svg+xml",
        "ico" => "image/x-icon",
        "png" => "image/png",
        "webmanifest" => "application/manifest+json",
        "wasm" => "application/wasm",
        "woff2" => "font/woff2",
        "txt" | "md" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// The embedded file at `uri`'s path (`/` and a directory's path give its `index.html`), or 404.
pub async fn file(uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    let path = if path.is_empty() || path.ends_with('/') {
        format!("{path}index.html")
    } else {
        path.to_string()
    };
    match WEB.get_file(&path) {
        Some(file) => (
            [
                (header::CONTENT_TYPE, content_type(&path)),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            file.contents(),
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "not found\n").into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_embedded_file_has_a_known_type() {
        let mut files = Vec::new();
        let mut dirs = vec![&WEB];
        while let Some(dir) = dirs.pop() {
            files.extend(dir.files());
            dirs.extend(dir.dirs());
        }
        assert!(
            files
                .iter()
                .any(|f| f.path().to_str() == Some("index.html"))
        );
        for file in files {
            let path = file.path().to_str().unwrap();
            assert_ne!(content_type(path), "application/octet-stream", "{path}");
        }
    }

    #[test]
    fn types_follow_the_extension() {
        assert_eq!(content_type("a/b.JS"), "text/javascript; charset=utf-8");
        assert_eq!(content_type("favicon.ico"), "image/x-icon");
        assert_eq!(content_type("noext"), "application/octet-stream");
    }
}
