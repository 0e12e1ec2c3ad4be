//! `rubik serve` as a process: `--port 0` and the first line it prints, answers the same as the
//! CLI's commands, and a clean stop on Ctrl-C.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// A running `rubik serve --port 0` on tiny tables in `dir`, and the URL its first line names.
struct Server {
    child: Child,
    url: String,
}

impl Server {
    fn start(dir: &Path) -> Server {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("rubik"))
            .args(["serve", "--port", "0", "--tables-size", "tiny", "--tables"])
            .arg(dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut first = String::new();
        let stdout = child.stdout.take().unwrap();
        BufReader::new(stdout).read_line(&mut first).unwrap();
        let url = first
            .trim_end()
            .strip_prefix("listening on ")
            .unwrap()
            .to_string();
        let port: u16 = url
            .strip_prefix("http://127.0.0.1:")
            .and_then(|rest| rest.strip_suffix('/'))
            .unwrap_or_else(|| panic!("first line: {first:?}"))
            .parse()
            .unwrap();
        assert_ne!(port, 0);
        Server { child, url }
    }

    /// POSTs `body` to the API at `path`: the status and the JSON answer.
    fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        post(&self.url, path, body)
    }

    /// Sends Ctrl-C (SIGINT) and waits for the process to end: its exit code.
    fn interrupt(mut self) -> Option<i32> {
        let pid = self.child.id().to_string();
        let kill = Command::new("kill").args(["-INT", &pid]).status();
        assert!(kill.unwrap().success());
        let start = Instant::now();
        while self.child.try_wait().unwrap().is_none() {
            if start.elapsed() > Duration::from_secs(10) {
                self.child.kill().unwrap();
                panic!("still serving 10 s after Ctrl-C");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        self.child.wait().unwrap().code()
    }
}

impl Drop for Server {
    /// A test that fails leaves no server behind.
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// POSTs `body` to the API of the server at `url`, at `path`: the status and the JSON answer.
fn post(url: &str, path: &str, body: &Value) -> (u16, Value) {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let mut response = agent
        .post(format!("{url}api/{path}"))
        .header("Content-Type", "application/json")
        .send(body.to_string())
        .unwrap();
    let text = response.body_mut().read_to_string().unwrap();
    (
        response.status().as_u16(),
        serde_json::from_str(&text).unwrap(),
    )
}

/// What the `rubik` command line writes for `args`, with the tables in `dir` (`RUBIK_TABLES`).
fn rubik(dir: &Path, args: &[&str]) -> String {
    let output = Command::new(assert_cmd::cargo::cargo_bin("rubik"))
        .args(args)
        .env("RUBIK_TABLES", dir)
        .output()
        .unwrap();
    assert!(output.status.success(), "{args:?}");
    String::from_utf8(output.stdout)
        .unwrap()
        .trim_end()
        .to_string()
}

#[test]
fn serve_answers_as_the_cli_does_and_stops_on_ctrl_c() {
    // The table cache the test binaries share (the 5×5's tables take tens of seconds to build in
    // a test build). They take longer to build than a solve may run: built first, as a server's
    // operator would.
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tables");
    rubik(&dir, &["tables", "build", "--puzzle", "5x5"]);
    let server = Server::start(&dir);
    for size in ["2", "3", "5"] {
        let (status, answer) = server.post(
            "scramble",
            &json!({"size": size.parse::<u64>().unwrap(), "seed": 9}),
        );
        assert_eq!(status, 200);
        let alg = rubik(&dir, &["scramble", "--size", size, "--seed", "9"]);
        assert_eq!(answer["alg"], alg, "{size}");
        let state = rubik(&dir, &["apply", "--size", size, &alg]);
        assert_eq!(answer["state"], state, "{size}");
        let (status, solved) = server.post("solve", &json!({"state": state}));
        assert_eq!(status, 200);
        assert_eq!(
            solved["solution"],
            rubik(&dir, &["solve", "--tables-size", "tiny", &state]),
            "{size}"
        );
    }
    let (status, answer) = server.post("apply", &json!({"size": 3, "alg": "R U X"}));
    assert_eq!(
        (status, answer),
        (400, json!({"error": "`X` is not a move", "column": 5}))
    );
    let page = ureq::get(&server.url)
        .call()
        .unwrap()
        .body_mut()
        .read_to_string()
        .unwrap();
    assert!(page.contains("<html"));
    assert_eq!(server.interrupt(), Some(0));
}

#[test]
fn a_port_in_use_is_an_error() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let output = Command::new(assert_cmd::cargo::cargo_bin("rubik"))
        .args(["serve", "--port", &port, "--no-cache"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(&format!("cannot serve on 127.0.0.1:{port}")),
        "{stderr}"
    );
    assert!(output.stdout.is_empty());
}

#[test]
fn ctrl_c_lets_the_solve_under_way_finish() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path());
    // The superflip: no shorter solution than 20 moves exists, so the shortening cannot end
    // early (a short scramble's could, in a release build, before the interrupt).
    let superflip = "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2";
    let state = rubik(dir.path(), &["apply", superflip]);
    // A solve that shortens its solution for a second and a half.
    let solving = std::thread::spawn({
        let url = server.url.clone();
        move || post(&url, "solve", &json!({"state": state, "timeout_ms": 1500}))
    });
    std::thread::sleep(Duration::from_millis(500));
    let started = Instant::now();
    assert_eq!(server.interrupt(), Some(0));
    let (status, answer) = solving.join().unwrap();
    assert_eq!(status, 200, "{answer}");
    assert!(answer["obtm"].as_u64().unwrap() <= 24, "{answer}");
    // The server stopped once it had answered, not at once.
    assert!(started.elapsed() > Duration::from_millis(500));
}
