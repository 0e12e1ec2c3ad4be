#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| rubik_fuzz::notation(data));
