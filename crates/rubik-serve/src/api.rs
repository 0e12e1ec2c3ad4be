//! The JSON API's requests, answers and errors, and its handlers but solve's
//! ([`crate::solving`]): each reads a JSON body, runs the library on a blocking thread and
//! answers JSON. The contract is the README's "Web page" section.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use rubik::facelet::FaceletError;
use rubik::limits::{self, BoundError, MAX_SIZE};
use rubik::{Alg, AlgError, Axis, FaceletCube, Turn};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::App;

/// An error answer: its status, and the body `{"error": message, "column": c}` (the column only
/// for notation errors).
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
    /// The 1-based character column in the alg, for notation errors.
    column: Option<usize>,
}

impl ApiError {
    /// A 400: the input is wrong.
    pub fn bad(message: impl ToString) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// An answer of `status` saying `message`.
    pub fn new(status: StatusCode, message: impl ToString) -> ApiError {
        ApiError {
            status,
            message: message.to_string(),
            column: None,
        }
    }

    /// A 400 for an input `alg` (its text) refused by a bound or by the notation.
    fn refused(alg: &str, error: BoundError) -> ApiError {
        match error {
            BoundError::Alg(error) => ApiError::notation(alg, error),
            error => ApiError::bad(error),
        }
    }

    /// A 400 for bad notation in `alg`, with the character column where it is.
    fn notation(alg: &str, error: AlgError) -> ApiError {
        let column = error.span.map(|span| {
            let start = (0..=span.start.min(alg.len()))
                .rev()
                .find(|&i| alg.is_char_boundary(i))
                .unwrap_or(0);
            alg[..start].chars().count() + 1
        });
        ApiError {
            column,
            ..ApiError::bad(error.kind)
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = serde_json::json!({ "error": self.message });
        if let Some(column) = self.column {
            body["column"] = column.into();
        }
        let mut response = (self.status, Json(body)).into_response();
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            let headers = response.headers_mut();
            headers.insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        response
    }
}

/// The request in `body` (its size already bounded by the router), or the 400 (bad JSON, wrong
/// fields) or 413 (too large) that says why not.
pub fn read<T: DeserializeOwned>(body: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
    let body =
        body.map_err(|rejection| ApiError::new(rejection.status(), rejection.body_text()))?;
    serde_json::from_slice(&body).map_err(|error| ApiError::bad(format!("bad request: {error}")))
}

/// Runs `work` on a blocking thread (the cube work of a request may take a while on a big cube).
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work)
        .await
        .unwrap_or_else(|error| Err(ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, error)))
}

/// Any other path under `/api/`: a 404.
pub async fn not_found(uri: axum::http::Uri) -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, format!("no API at {}", uri.path()))
}

/// A cube size from a request: 1 to [`MAX_SIZE`].
fn check_size(size: usize) -> Result<usize, ApiError> {
    match size {
        1..=MAX_SIZE => Ok(size),
        _ => Err(ApiError::bad(format!(
            "size {size}: a cube has 1 to {MAX_SIZE} layers"
        ))),
    }
}

/// Reads a facelet string (face or colour letters) within the library's bounds.
pub fn read_state(state: &str) -> Result<FaceletCube, ApiError> {
    limits::read_state(state, &Default::default()).map_err(ApiError::bad)
}

/// `/api/apply`: an alg from the solved cube of a size, or from a state.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ApplyRequest {
    size: Option<usize>,
    state: Option<String>,
    alg: String,
}

/// One turn, as the library's [`Turn`]: for the page to animate.
#[derive(Debug, Serialize)]
struct TurnJson {
    axis: &'static str,
    first: usize,
    last: usize,
    quarters: u8,
}

impl From<Turn> for TurnJson {
    fn from(turn: Turn) -> TurnJson {
        TurnJson {
            axis: match turn.axis {
                Axis::X => "x",
                Axis::Y => "y",
                Axis::Z => "z",
            },
            first: turn.first,
            last: turn.last,
            quarters: turn.quarters,
        }
    }
}

/// The answer of `/api/apply`.
#[derive(Debug, Serialize)]
struct Applied {
    size: usize,
    state: String,
    turns: Vec<TurnJson>,
}

/// `POST /api/apply`.
pub async fn apply(body: Result<Bytes, BytesRejection>) -> Result<Json<impl Serialize>, ApiError> {
    let request: ApplyRequest = read(body)?;
    let applied = blocking(move || {
        let mut cube = match (&request.state, request.size) {
            (Some(state), _) => read_state(state)?,
            (None, Some(size)) => FaceletCube::solved(check_size(size)?),
            (None, None) => return Err(ApiError::bad("give a size or a state")),
        };
        let text = &request.alg;
        let alg: Alg = text
            .parse()
            .map_err(|error| ApiError::notation(text, error))?;
        let turns = limits::turns_of(&alg, cube.size()).map_err(|e| ApiError::refused(text, e))?;
        cube.apply(turns.iter().copied());
        Ok(Applied {
            size: cube.size(),
            state: cube.to_string(),
            turns: turns.into_iter().map(TurnJson::from).collect(),
        })
    })
    .await?;
    Ok(Json(applied))
}

/// `/api/validate`: is a state a real cube.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ValidateRequest {
    state: String,
}

/// The answer of `/api/validate`.
#[derive(Debug, Serialize)]
struct Validity {
    valid: bool,
    size: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
}

/// `POST /api/validate`: a facelet string of some size is valid or not (with the library's
/// reason); a string of no size (bad length, bad letter) is a 400.
pub async fn validate(
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<impl Serialize>, ApiError> {
    let request: ValidateRequest = read(body)?;
    let validity = blocking(move || {
        let state = &request.state;
        let invalid = |size, reason: String| Validity {
            valid: false,
            size,
            reason: Some(reason),
        };
        Ok(match limits::read_state(state, &Default::default()) {
            Ok(cube) => match rubik::cubie::validate(&cube) {
                Ok(()) => Validity {
                    valid: true,
                    size: cube.size(),
                    reason: None,
                },
                Err(error) => invalid(cube.size(), error.to_string()),
            },
            // Every letter a face's and the length a cube's (6N²), but the colours miscounted:
            // a facelet string of size N, not a cube.
            Err(BoundError::Facelets(error @ FaceletError::WrongColourCount { .. })) => {
                let stickers = state.chars().count();
                let size = (1..).find(|n| 6 * n * n >= stickers).unwrap_or_default();
                invalid(size, error.to_string())
            }
            Err(error) => return Err(ApiError::bad(error)),
        })
    })
    .await?;
    Ok(Json(validity))
}

/// `/api/scramble`: the scramble of a size, from a seed or a fresh one.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ScrambleRequest {
    size: usize,
    seed: Option<u64>,
}

/// The answer of `/api/scramble`: the seed used, the scramble and the state it makes.
#[derive(Debug, Serialize)]
struct Scrambled {
    size: usize,
    seed: u64,
    alg: String,
    state: String,
}

/// `POST /api/scramble`: what `rubik scramble --size N --seed S` writes, and its state.
pub async fn scramble(
    State(app): State<std::sync::Arc<App>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<impl Serialize>, ApiError> {
    let request: ScrambleRequest = read(body)?;
    let size = check_size(request.size)?;
    // A fresh seed fits in 53 bits, so that the page (a JavaScript number) holds it exactly.
    let seed = request
        .seed
        .unwrap_or_else(|| rubik::random::fresh_seed() & ((1 << 53) - 1));
    let scrambled = blocking(move || {
        let alg = app
            .solvers
            .scrambler
            .scramble(size, &mut rubik::seeded_rng(seed));
        let mut cube = FaceletCube::solved(size);
        cube.apply_alg(&alg).map_err(ApiError::bad)?;
        Ok(Scrambled {
            size,
            seed,
            alg: alg.to_string(),
            state: cube.to_string(),
        })
    })
    .await?;
    Ok(Json(scrambled))
}
