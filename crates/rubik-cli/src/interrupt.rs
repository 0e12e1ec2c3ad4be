//! Ctrl-C: the first press asks the searches under way to stop and answer with what they have
//! found (a budget that runs out at once); a second press quits at once.

use std::sync::Once;
use std::sync::atomic::{AtomicBool, Ordering};

/// Raised by the first Ctrl-C.
static RAISED: AtomicBool = AtomicBool::new(false);

/// The exit status of a run that Ctrl-C ended (128 + SIGINT, as shells report it).
pub const EXIT_STATUS: u8 = 130;

/// Sets the Ctrl-C handler, once (without one, where the system refuses it, Ctrl-C quits as
/// usual).
pub fn install() {
    static HANDLER: Once = Once::new();
    HANDLER.call_once(|| {
        let handler = || {
            if RAISED.swap(true, Ordering::Relaxed) {
                std::process::exit(EXIT_STATUS.into());
            }
            crate::output::report("interrupted: stopping with what was found (Ctrl-C again quits)");
        };
        // Without a handler, the default action stands: Ctrl-C ends the process.
        let _ = ctrlc::set_handler(handler);
    });
}

/// The flag the first Ctrl-C raises (once [`install`]ed), for a search to stop on.
pub fn flag() -> &'static AtomicBool {
    &RAISED
}

/// Whether Ctrl-C was pressed.
pub fn raised() -> bool {
    RAISED.load(Ordering::Relaxed)
}
