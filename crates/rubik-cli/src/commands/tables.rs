//! `rubik tables`: the solver tables in the cache (build, verify, path, clear), and the options
//! and loading every solving command shares.

use std::path::{Path, PathBuf};

use indicatif::{ProgressBar, ProgressStyle};
use rubik::search::Metric;
use rubik::search::optimal::{OptimalTableSize, OptimalTables};
use rubik::search::pocket::PocketTables;
use rubik::search::reduction::five::{FiveSize, FiveTables};
use rubik::search::reduction::four::FourTables;
use rubik::search::two_phase::{TableSize, TwoPhaseTables};
use rubik::solve::Tables;
use rubik::tables::storage::{self, LoadReport, Memory, Origin, Progress, Status, TableSpec};

use crate::output::{CliError, Output, report};

/// Where the solver tables live and which to use.
#[derive(Debug, Clone, clap::Args)]
pub struct TableArgs {
    /// The table cache directory [default: $RUBIK_TABLES, else the user's cache dir + /rubik].
    #[arg(long = "tables", value_name = "DIR", global = true)]
    dir: Option<PathBuf>,
    /// Which two-phase tables: tiny (7 MB, built in under a second; tens of milliseconds a
    /// state), small (45 MB, built in seconds), medium (136 MB, built in seconds) or large
    /// (490 MB, built in about 15 seconds; the fastest). The 5×5 reduction's tables (which
    /// bigger cubes use too) go with them: small (62 MB; the same solutions in about twice the
    /// time) with tiny and small, large (278 MB) with medium and large.
    #[arg(long, default_value_t = TableSize::Large, global = true)]
    tables_size: TableSize,
    /// Which tables the optimal solver reads: small (the medium two-phase tables, 136 MB; a
    /// random state takes many minutes), medium (0.94 GB, built in a minute or two), large
    /// (1.8 GB, built in a few minutes) or huge (5.6 GB, built in about a quarter of an hour
    /// with 10 GB of memory; the fastest).
    #[arg(long, default_value_t = OptimalTableSize::Large, global = true)]
    optimal_tables: OptimalTableSize,
    /// Keep the tables in memory only: neither read nor write the cache.
    #[arg(long, global = true)]
    no_cache: bool,
}

impl TableArgs {
    /// Which two-phase tables (`--tables-size`).
    pub fn size(&self) -> TableSize {
        self.tables_size
    }

    /// The cache directory, unless caching is off or no directory can be found.
    pub fn cache_dir(&self) -> Option<PathBuf> {
        if self.no_cache {
            return None;
        }
        self.dir.clone().or_else(storage::default_dir)
    }

    /// Tables from the cache or built by `load` (given the cache directory and a progress
    /// callback), with a progress bar on a terminal. A cache that cannot be written is reported
    /// once, as a warning.
    fn with_progress<T>(
        &self,
        load: impl FnOnce(Option<&Path>, &mut dyn FnMut(Progress)) -> (T, LoadReport),
    ) -> T {
        let bar = ProgressBar::new(0);
        bar.set_style(
            ProgressStyle::with_template("{msg:>24} [{bar:40}] {percent:>3}%")
                .expect("a valid template")
                .progress_chars("=> "),
        );
        let mut stage = "";
        let mut progress = |p: Progress| {
            if p.stage != stage {
                stage = p.stage;
                bar.set_message(p.stage);
                bar.set_length(p.total.max(1));
            }
            bar.set_position(p.done);
        };
        let dir = self.cache_dir();
        let (tables, loaded) = load(dir.as_deref(), &mut progress);
        bar.finish_and_clear();
        for (spec, origin) in loaded {
            if let Origin::Built {
                write_error: Some(error),
                ..
            } = origin
            {
                report(&format!(
                    "warning: could not cache table {}: {error}",
                    spec.name()
                ));
            }
        }
        tables
    }

    /// The tables of `rubik::solve`, each loaded (mapped from the cache, with progress) the
    /// first time a state needs it. Mapped for a batch too: the searches of 1,000 states took
    /// the same time on the mapped file as on a copy in huge pages.
    pub fn solve_tables(&self) -> Tables<'static> {
        let [two_phase, pocket, four, five] = [(); 4].map(|()| self.clone());
        Tables::with_loaders(
            move || two_phase.load(Memory::Mapped),
            move || pocket.load_pocket(),
        )
        .with_four(move || four.load_four())
        .with_five(move || five.load_five())
    }

    /// The 2×2 distance tables.
    pub fn load_pocket(&self) -> PocketTables {
        self.with_progress(PocketTables::load_or_build)
    }

    /// The 4×4 reduction's tables.
    pub fn load_four(&self) -> FourTables {
        self.with_progress(FourTables::load_or_build)
    }

    /// The 5×5 reduction's tables that go with the chosen two-phase size.
    pub fn load_five(&self) -> FiveTables {
        let size = self.tables_size.into();
        self.with_progress(|dir, progress| FiveTables::load_or_build(dir, size, progress))
    }

    /// The optimal solver's tables of the chosen size, for `metric`.
    pub fn load_optimal(&self, metric: Metric) -> OptimalTables {
        self.with_progress(|dir, progress| {
            OptimalTables::load_or_build(dir, self.optimal_tables, metric, progress)
        })
    }

    /// The two-phase tables of the chosen size, held as `memory` says.
    pub fn load(&self, memory: Memory) -> TwoPhaseTables {
        let size = self.tables_size;
        self.with_progress(|dir, progress| {
            TwoPhaseTables::load_or_build(dir, size, memory, progress)
        })
    }
}

/// Arguments of `rubik tables`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    action: Action,
    /// Whose tables: the 3×3 two-phase solver's (of --tables-size), the optimal 3×3 solver's
    /// (of --optimal-tables, in face or quarter turns) or the 2×2 solver's (both metrics).
    #[arg(long, value_enum, default_value_t = Puzzle::ThreeByThree, global = true)]
    puzzle: Puzzle,
    #[command(flatten)]
    tables: TableArgs,
}

/// The puzzle whose tables `rubik tables` manages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Puzzle {
    /// The 3×3 two-phase solver.
    #[value(name = "3x3")]
    ThreeByThree,
    /// The optimal 3×3 solver in face turns.
    #[value(name = "3x3-optimal")]
    ThreeByThreeOptimal,
    /// The optimal 3×3 solver in quarter turns.
    #[value(name = "3x3-optimal-qtm")]
    ThreeByThreeOptimalQtm,
    /// The optimal 2×2 solver.
    #[value(name = "2x2")]
    TwoByTwo,
    /// The 4×4 reduction's own tables (its last stage uses the 3×3 ones).
    #[value(name = "4x4")]
    FourByFour,
    /// The 5×5 reduction's own tables (its last stage uses the 3×3 ones).
    #[value(name = "5x5")]
    FiveByFive,
}

#[derive(Debug, clap::Subcommand)]
enum Action {
    /// Build the tables (or load them, if the cache already holds valid ones).
    Build,
    /// Check the cached tables whole (every block against its checksum, read from the disk)
    /// without building anything: one line per file. The files come back into the system's
    /// cache in large pieces where the kernel allows, which makes one-shot solves faster.
    Verify,
    /// Print the cache directory and the table files in it.
    Path,
    /// Remove rubik's table files (of every puzzle) from the cache directory.
    Clear,
}

pub fn run(args: &Args) -> Result<(), CliError> {
    let mut out = Output::stdout();
    let size = args.tables.tables_size;
    let specs: Vec<TableSpec> = match args.puzzle {
        Puzzle::ThreeByThree => size.specs(),
        Puzzle::ThreeByThreeOptimal => args.tables.optimal_tables.specs(Metric::Htm),
        Puzzle::ThreeByThreeOptimalQtm => args.tables.optimal_tables.specs(Metric::Qtm),
        Puzzle::TwoByTwo => PocketTables::specs(),
        Puzzle::FourByFour => FourTables::specs(),
        Puzzle::FiveByFive => FiveTables::specs(size.into()),
    };
    let dir = || {
        args.tables.cache_dir().ok_or_else(|| {
            CliError::BadInput("no cache directory: give --tables DIR or set RUBIK_TABLES".into())
        })
    };
    let failed = |message: String| CliError::Io(std::io::Error::other(message));
    match args.action {
        Action::Build => match args.puzzle {
            Puzzle::ThreeByThree => {
                args.tables.load(Memory::Mapped);
                out.line(&format!("{size} tables ready"))?;
            }
            Puzzle::ThreeByThreeOptimal | Puzzle::ThreeByThreeOptimalQtm => {
                let metric = match args.puzzle {
                    Puzzle::ThreeByThreeOptimalQtm => Metric::Qtm,
                    _ => Metric::Htm,
                };
                let tables = args.tables.load_optimal(metric);
                let size = tables.size();
                out.line(&format!("{size} optimal tables ready ({metric})"))?;
            }
            Puzzle::FourByFour => {
                args.tables.load_four();
                out.line("4x4 tables ready")?;
            }
            Puzzle::FiveByFive => {
                args.tables.load_five();
                out.line(&format!("{} 5x5 tables ready", FiveSize::from(size)))?;
            }
            Puzzle::TwoByTwo => {
                args.tables.load_pocket();
                out.line("2x2 tables ready")?;
            }
        },
        Action::Path => {
            let dir = dir()?;
            out.line(&dir.display().to_string())?;
            for spec in &specs {
                out.line(&storage::path(&dir, spec).display().to_string())?;
            }
        }
        Action::Verify => {
            let dir = dir()?;
            let mut all_valid = true;
            for spec in &specs {
                let report =
                    storage::verify(&dir, spec, &mut |_| {}).map_err(|e| failed(e.to_string()))?;
                all_valid &= matches!(report.status, Status::Valid { .. });
                out.line(&format!("{}: {}", report.path.display(), report.status))?;
            }
            out.finish()?;
            if !all_valid {
                return Err(failed(
                    "some tables are missing or invalid: `rubik tables build` rebuilds them".into(),
                ));
            }
            return Ok(());
        }
        Action::Clear => {
            for path in storage::clear(&dir()?).map_err(|e| failed(e.to_string()))? {
                out.line(&format!("removed {}", path.display()))?;
            }
        }
    }
    Ok(out.finish()?)
}
