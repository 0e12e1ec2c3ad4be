#![no_main]
libfuzzer_sys::fuzz_target!(
    init: rubik_fuzz::warm_up(),
    |data: &[u8]| rubik_fuzz::cli_line(data)
);
