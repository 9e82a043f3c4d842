//! The files one run reads and writes, checked against each other before any work: an output
//! (`--sol`, `--svg`, `--html`, `--checkpoint`, `--found-file`) that names an input, or another
//! output, would replace it, so the pair is refused as a usage error naming both flags. Files
//! are compared as files, by device and inode where they exist (so `./a`, `a` and a link to `a`
//! are one file), else by their resolved path (the parent directory resolved, the name joined).
//!
//! The state files (`--found-file`, `--checkpoint`, `--resume`) are also refused unless they are
//! regular files (or do not exist yet, for the written ones): a device (`/dev/zero`) read as state
//! would never end, and opening a FIFO blocks until a writer comes, deaf to signals. Their type
//! is read with `metadata` before anything opens them.

use std::path::{Path, PathBuf};

use crate::input::BadInput;

/// One file of a run: the flag that names it, its path, and whether the run writes it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RunFile<'a> {
    /// The flag as the user wrote it (`--svg`), or `FILE` for the input.
    flag: &'a str,
    path: &'a Path,
    writes: bool,
    /// Files of one state (`--resume` and `--checkpoint`, the state read and then written
    /// again) may name the same file.
    state: Option<&'static str>,
}

impl<'a> RunFile<'a> {
    /// An input the run reads; `-` (standard input) is not a file and is left out.
    pub(crate) fn input(flag: &'a str, path: Option<&'a Path>) -> Option<RunFile<'a>> {
        path.filter(|path| *path != Path::new("-")).map(|path| RunFile { flag, path, writes: false, state: None })
    }

    /// An output the run writes.
    pub(crate) fn output(flag: &'a str, path: Option<&'a Path>) -> Option<RunFile<'a>> {
        path.map(|path| RunFile { flag, path, writes: true, state: None })
    }

    /// A file of the state `state`, read or written: any two of one state may be one file.
    pub(crate) fn state(
        flag: &'a str,
        path: Option<&'a Path>,
        writes: bool,
        state: &'static str,
    ) -> Option<RunFile<'a>> {
        path.map(|path| RunFile { flag, path, writes, state: Some(state) })
    }
}

/// What a path names, for comparing: the file itself where it exists, else where it would be made.
#[derive(Debug, PartialEq, Eq)]
enum Identity {
    /// An existing file's device and inode (its resolved path where inodes are not known).
    #[cfg(unix)]
    File(u64, u64),
    #[cfg(not(unix))]
    File(PathBuf),
    /// A device, a FIFO or a socket: writing one twice (`/dev/null`) replaces nothing.
    NotAFile,
    /// A file not made yet: its directory resolved, its name joined.
    New(PathBuf),
}

fn identity(path: &Path) -> Identity {
    match std::fs::metadata(path) {
        Ok(meta) if !meta.is_file() && !meta.is_dir() => Identity::NotAFile,
        #[cfg(unix)]
        Ok(meta) => {
            use std::os::unix::fs::MetadataExt;
            Identity::File(meta.dev(), meta.ino())
        }
        #[cfg(not(unix))]
        Ok(_) => Identity::File(std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())),
        Err(_) => Identity::New(resolved(path)),
    }
}

/// `path` with its directory resolved (links, `..`, the working directory) and its name joined;
/// as given, made absolute, where the directory cannot be resolved.
fn resolved(path: &Path) -> PathBuf {
    let dir = path.parent().filter(|dir| !dir.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let absolute = || std::env::current_dir().map_or_else(|_| path.to_path_buf(), |cwd| cwd.join(path));
    match (std::fs::canonicalize(dir), path.file_name()) {
        (Ok(dir), Some(name)) => dir.join(name),
        _ => absolute(),
    }
}

/// Refuses two of `files` that are one file when the run writes either, unless both are of one
/// state: a usage error naming both flags and paths.
pub(crate) fn check_distinct<'a>(files: impl IntoIterator<Item = Option<RunFile<'a>>>) -> anyhow::Result<()> {
    let files: Vec<(RunFile<'a>, Identity)> =
        files.into_iter().flatten().map(|file| (file, identity(file.path))).collect();
    for (at, (first, first_id)) in files.iter().enumerate() {
        for (second, second_id) in &files[at + 1..] {
            let same_state = first.state.is_some() && first.state == second.state;
            if (first.writes || second.writes)
                && !same_state
                && *first_id != Identity::NotAFile
                && first_id == second_id
            {
                let (output, other) = if second.writes { (second, first) } else { (first, second) };
                let what = if other.writes { "another output" } else { "an input" };
                let message = format!(
                    "the same file as {} {}: writing it would replace {what}; name another file",
                    other.flag,
                    other.path.display()
                );
                let file = format!("{} {}", output.flag, output.path.display());
                return Err(BadInput { file, pos: None, message }.into());
            }
        }
    }
    Ok(())
}

/// Refuses a state file (`--found-file`, `--checkpoint`, `--resume`) that exists and is not a
/// regular file: a directory, a device or a FIFO. Its type is read without opening it, so a
/// FIFO does not block. `must_exist`: the file is read (`--resume`), so a missing one is refused too.
pub(crate) fn check_state_file(flag: &str, path: &Path, must_exist: bool) -> anyhow::Result<()> {
    let refuse = |message: String| -> anyhow::Result<()> {
        Err(BadInput { file: format!("{flag} {}", path.display()), pos: None, message }.into())
    };
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() => Ok(()),
        Ok(meta) => {
            let kind = file_kind(&meta);
            let or_new = if must_exist { "" } else { " (or one not made yet)" };
            refuse(format!("expected a regular file{or_new}, not {kind}"))
        }
        Err(err) if err.kind() == std::io::ErrorKind::NotFound && !must_exist => Ok(()),
        Err(err) => refuse(format!("cannot read: {err}")),
    }
}

/// Reads the state file at `path`, a regular file, refusing it past `max_bytes`: the type is
/// checked again before opening (it may have been replaced since the start).
pub(crate) fn read_state_file(flag: &str, path: &Path, max_bytes: usize) -> anyhow::Result<crate::input::Input> {
    check_state_file(flag, path, true)?;
    crate::input::Input::read_at_most(Some(path), Some((max_bytes, "the most a state file may hold")))
}

/// "a directory", "a FIFO"… for a message.
fn file_kind(meta: &std::fs::Metadata) -> &'static str {
    if meta.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let kind = meta.file_type();
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    "a special file"
}

/// Checks that a file can be made in the directory of `path` (a file to be written later, as
/// the first checkpoint is minutes in): a temporary file is made there and removed at once.
pub(crate) fn check_writable_dir(flag: &str, path: &Path) -> anyhow::Result<()> {
    let dir = path.parent().filter(|dir| !dir.as_os_str().is_empty()).unwrap_or(Path::new("."));
    match tempfile::Builder::new().prefix(".puzzle-probe-").tempfile_in(dir) {
        // The file is removed when dropped.
        Ok(_probe) => Ok(()),
        Err(err) => Err(BadInput {
            file: format!("{flag} {}", path.display()),
            pos: None,
            message: format!("cannot write in the directory {}: {err}", dir.display()),
        }
        .into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs [`check_distinct`] on `files` (flag, path, writes) in `dir`, giving the message.
    fn check(dir: &Path, files: &[(&str, &str, bool)]) -> Result<(), String> {
        let paths: Vec<PathBuf> = files.iter().map(|(_, path, _)| dir.join(path)).collect();
        let run_files = files.iter().zip(&paths).map(|(&(flag, _, writes), path)| {
            if writes {
                RunFile::output(flag, Some(path))
            } else {
                RunFile::input(flag, Some(path))
            }
        });
        check_distinct(run_files).map_err(|err| err.to_string())
    }

    #[test]
    fn outputs_over_inputs_or_each_other_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("in.txt"), "1 2\n3 0\n").unwrap();
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(dir.path().join("in.txt"), dir.path().join("link")).unwrap();
        assert_eq!(check(dir.path(), &[("FILE", "in.txt", false), ("--svg", "out.svg", true)]), Ok(()));
        assert_eq!(check(dir.path(), &[("FILE", "in.txt", false), ("--clue", "in.txt", false)]), Ok(()));
        for (files, flags) in [
            (vec![("FILE", "in.txt", false), ("--svg", "in.txt", true)], "--svg"),
            (vec![("FILE", "in.txt", false), ("--sol", "sub/../in.txt", true)], "--sol"),
            (vec![("--html", "new.html", true), ("--svg", "./new.html", true)], "--svg"),
            (vec![("--html", "new.html", true), ("--svg", "sub/../new.html", true)], "--svg"),
            #[cfg(unix)]
            (vec![("FILE", "link", false), ("--html", "in.txt", true)], "--html"),
        ] {
            let message = check(dir.path(), &files).unwrap_err();
            assert!(message.starts_with(&format!("{flags} ")), "{message}");
            assert!(message.contains(": the same file as "), "{message}");
        }
    }

    #[test]
    fn devices_and_states_of_one_kind_may_repeat() {
        let null = Path::new("/dev/null");
        if null.exists() {
            let files = [RunFile::output("--svg", Some(null)), RunFile::output("--html", Some(null))];
            assert!(check_distinct(files).is_ok());
        }
        let dir = tempfile::tempdir().unwrap();
        let state = dir.path().join("state.json");
        let files = [
            RunFile::state("--resume", Some(&state), false, "checkpoint"),
            RunFile::state("--checkpoint", Some(&state), true, "checkpoint"),
        ];
        assert!(check_distinct(files).is_ok());
        let file = dir.path().join("e.txt");
        std::fs::write(&file, "x").unwrap();
        let files =
            [RunFile::input("FILE", Some(&file)), RunFile::state("--checkpoint", Some(&file), true, "checkpoint")];
        assert!(check_distinct(files).is_err());
        // Standard input is not a file.
        let dash = Path::new("-");
        assert!(RunFile::input("FILE", Some(dash)).is_none());
    }

    #[cfg(unix)]
    #[test]
    fn state_files_are_regular_files() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("found");
        assert!(check_state_file("--found-file", &file, false).is_ok());
        assert!(check_state_file("--resume", &file, true).is_err());
        std::fs::write(&file, "3\n").unwrap();
        assert!(check_state_file("--found-file", &file, true).is_ok());
        let message = check_state_file("--found-file", dir.path(), false).unwrap_err().to_string();
        assert!(message.ends_with("not a directory"), "{message}");
        let message = check_state_file("--found-file", Path::new("/dev/zero"), false).unwrap_err().to_string();
        assert_eq!(message, "--found-file /dev/zero: expected a regular file (or one not made yet), not a device");
        let message = read_state_file("--resume", Path::new("/dev/zero"), 10).unwrap_err().to_string();
        assert!(message.ends_with("not a device"), "{message}");
        std::fs::write(&file, "0123456789ab").unwrap();
        let message = read_state_file("--resume", &file, 10).unwrap_err().to_string();
        assert!(message.contains("larger than 10 bytes"), "{message}");
    }

    #[cfg(unix)]
    #[test]
    fn a_directory_one_cannot_write_in_is_found_at_once() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        assert!(check_writable_dir("--checkpoint", &dir.path().join("c.json")).is_ok());
        assert_eq!(crate::atomic_file::names(dir.path()), Vec::<String>::new(), "the probe is removed");
        let locked = dir.path().join("locked");
        std::fs::create_dir(&locked).unwrap();
        std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o555)).unwrap();
        // Root writes anywhere: the refusal is checked only where the permission holds.
        if tempfile::tempfile_in(&locked).is_err() {
            let message = check_writable_dir("--checkpoint", &locked.join("c.json")).unwrap_err().to_string();
            assert!(message.contains("cannot write in the directory"), "{message}");
        }
        assert!(check_writable_dir("--checkpoint", &dir.path().join("none/c.json")).is_err());
    }
}
