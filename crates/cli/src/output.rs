//! How the commands write files: whole, or not at all, and never over something that
//! is not a regular file.
//!
//! * **Targets.** A path that does not exist yet, or a regular file, is written. A
//!   symbolic link (even to a regular file), a directory, a FIFO, a device or a socket is
//!   refused with a message that says what it is: replacing it would destroy it (a
//!   rename over `/dev/null` leaves a regular file there), and writing through a link
//!   would replace a file somewhere else than the path the user named.
//! * **Whole or nothing.** The bytes go to a temporary file created exclusively
//!   (`O_EXCL`) in the target's directory, with a name no other run uses
//!   (`.NAME.PID-N.tmp`); it is flushed to disk and renamed over the target only when
//!   complete, after the target is checked again. A replaced file keeps its permissions.
//! * **No temporary file left behind.** [`AtomicFile`] removes its temporary file when
//!   dropped before [`AtomicFile::commit`] (an error, Ctrl-C, a panic); a second Ctrl-C
//!   (which ends the process at once), SIGTERM, SIGHUP, SIGQUIT and SIGABRT (an
//!   allocation failure aborts) remove it from their handlers before the process ends.

use anyhow::{Context, Result, bail};
use ply_core::input::display_name;
use std::fs::{self, File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A file being written: the target is checked and the temporary file created at once
/// (so a path that cannot be written fails before any work), the bytes written and the
/// temporary file renamed over the target by [`AtomicFile::commit`].
pub struct AtomicFile {
    target: PathBuf,
    temporary: PathBuf,
    file: Option<File>,
    registration: Option<cleanup::Registration>,
}

impl AtomicFile {
    /// Checks that `path` may be written (it does not exist, or is a regular file) and
    /// creates the temporary file next to it.
    pub fn create(path: &str) -> Result<AtomicFile> {
        let target = PathBuf::from(path);
        let shown = display_name(path);
        check_target(&target).with_context(|| format!("cannot write {shown}"))?;
        let Some(name) = target.file_name() else {
            bail!("cannot write {shown}: not a file name");
        };
        let directory = match target.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
            _ => PathBuf::from("."),
        };
        // A second Ctrl-C ends the process from the interrupt handler: it must be ours,
        // so that it removes the temporary file first.
        crate::interrupt::stop_flag();
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let mut attempts = 0;
        let (temporary, file) = loop {
            let n = COUNTER.fetch_add(1, Ordering::Relaxed);
            let mut temporary_name = std::ffi::OsString::from(".");
            temporary_name.push(name);
            temporary_name.push(format!(".{}-{n}.tmp", std::process::id()));
            let temporary = directory.join(temporary_name);
            match OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&temporary)
            {
                Ok(file) => break (temporary, file),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && attempts < 100 => {
                    attempts += 1;
                }
                Err(e) => return Err(e).with_context(|| format!("cannot write {shown}")),
            }
        };
        let registration = cleanup::register(&temporary);
        Ok(AtomicFile {
            target,
            temporary,
            file: Some(file),
            registration,
        })
    }

    /// Writes `bytes`, flushes them to disk, checks the target again and renames the
    /// temporary file over it. On an error the temporary file is removed and the target
    /// is left as it was.
    pub fn commit(mut self, bytes: &[u8]) -> Result<()> {
        let path = display_name(&self.target.to_string_lossy());
        let mut file = self.file.take().context("the file was already written")?;
        file.write_all(bytes)
            .and_then(|_| file.sync_all())
            .with_context(|| format!("cannot write {path}"))?;
        drop(file);
        // The target may have changed while the work ran.
        let existing =
            check_target(&self.target).with_context(|| format!("cannot write {path}"))?;
        if let Some(permissions) = existing {
            fs::set_permissions(&self.temporary, permissions)
                .with_context(|| format!("cannot write {path}"))?;
        }
        fs::rename(&self.temporary, &self.target)
            .with_context(|| format!("cannot write {path}"))?;
        // Renamed: there is nothing left to remove.
        if let Some(registration) = self.registration.take() {
            registration.release();
        }
        self.temporary = PathBuf::new();
        // The rename itself reaches the disk with the directory (best effort: not every
        // system can open a directory for this).
        if let Some(parent) = self.target.parent().filter(|p| !p.as_os_str().is_empty()) {
            let _ = File::open(parent).and_then(|dir| dir.sync_all());
        }
        Ok(())
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        self.file = None;
        if !self.temporary.as_os_str().is_empty() {
            let _ = fs::remove_file(&self.temporary);
        }
        if let Some(registration) = self.registration.take() {
            registration.release();
        }
    }
}

/// A journal: a file that work appends to as it goes, so that an interrupted run can
/// resume. Opened only if it is a regular file (never through a symbolic link); a new
/// journal is created exclusively, an existing one only when `resume` says so (it holds
/// hours of work), and then its bytes are returned and appending goes on after them.
pub fn open_journal(path: &Path, resume: bool) -> Result<(File, Vec<u8>)> {
    let shown = display_name(&path.to_string_lossy());
    let existing = check_target(path).with_context(|| format!("cannot write {shown}"))?;
    let mut options = OpenOptions::new();
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW);
    }
    match (existing, resume) {
        (Some(_), true) => {
            let mut file = options
                .read(true)
                .append(true)
                .open(path)
                .with_context(|| format!("cannot open {shown}"))?;
            if !file.metadata()?.is_file() {
                bail!("cannot open {shown}: not a regular file");
            }
            let mut bytes = Vec::new();
            std::io::Read::by_ref(&mut file)
                .take(ply_games::connect4::book::MAX_FILE_BYTES + 1)
                .read_to_end(&mut bytes)
                .with_context(|| format!("cannot read {shown}"))?;
            Ok((file, bytes))
        }
        (Some(_), false) => bail!(
            "{shown} exists: it holds the progress of an interrupted build; add --resume to go on from it, or remove it to start again"
        ),
        (None, _) => {
            let file = options
                .write(true)
                .create_new(true)
                .open(path)
                .with_context(|| format!("cannot write {shown}"))?;
            Ok((file, Vec::new()))
        }
    }
}

/// An error unless `path` may be replaced: it does not exist (`None`), or it is a
/// regular file (its permissions, for the new file).
fn check_target(path: &Path) -> Result<Option<fs::Permissions>> {
    let meta = match fs::symlink_metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    let kind = meta.file_type();
    if kind.is_file() {
        return Ok(Some(meta.permissions()));
    }
    let what = if kind.is_symlink() {
        "a symbolic link (give the path of the file it points to)"
    } else if kind.is_dir() {
        "a directory"
    } else {
        special_kind(&kind)
    };
    bail!("it is {what}; ply writes only regular files, which it replaces whole")
}

#[cfg(unix)]
fn special_kind(kind: &fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if kind.is_fifo() {
        "a FIFO (named pipe)"
    } else if kind.is_char_device() {
        "a character device"
    } else if kind.is_block_device() {
        "a block device"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "not a regular file"
    }
}

#[cfg(not(unix))]
fn special_kind(_: &fs::FileType) -> &'static str {
    "not a regular file"
}

/// Removes every temporary file still being written: for a handler that ends the
/// process without unwinding (the second Ctrl-C).
pub fn remove_temporaries() {
    cleanup::remove_all();
}

/// The temporary files being written, reachable from signal handlers.
#[cfg(unix)]
mod cleanup {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    use std::path::Path;
    use std::ptr::null_mut;
    use std::sync::Once;
    use std::sync::atomic::{AtomicPtr, Ordering};

    /// A few slots: a command writes one file at a time. Each holds a C string leaked on
    /// purpose: a handler may be reading it when the slot is released, so it is never freed
    /// (a few bytes per file written).
    static SLOTS: [AtomicPtr<libc::c_char>; 4] = [const { AtomicPtr::new(null_mut()) }; 4];

    /// The signals whose default action ends the process, and after which the temporary
    /// files must go (SIGINT is the interrupt handler's: see `crate::interrupt`).
    const SIGNALS: [libc::c_int; 4] = [libc::SIGTERM, libc::SIGHUP, libc::SIGQUIT, libc::SIGABRT];

    /// A slot in use; [`Registration::release`] frees it.
    pub struct Registration(usize);

    impl Registration {
        pub fn release(self) {
            SLOTS[self.0].store(null_mut(), Ordering::SeqCst);
        }
    }

    /// Records `path` for the handlers; `None` when every slot is taken (the file is then
    /// removed on drop only).
    pub fn register(path: &Path) -> Option<Registration> {
        static INSTALL: Once = Once::new();
        INSTALL.call_once(install_handlers);
        let name = CString::new(path.as_os_str().as_bytes()).ok()?.into_raw();
        for (index, slot) in SLOTS.iter().enumerate() {
            if slot
                .compare_exchange(null_mut(), name, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok()
            {
                return Some(Registration(index));
            }
        }
        // SAFETY: `name` came from `into_raw` just above and was never shared.
        drop(unsafe { CString::from_raw(name) });
        None
    }

    /// Unlinks every registered file. Async-signal-safe: atomics and `unlink` only.
    pub fn remove_all() {
        for slot in &SLOTS {
            let name = slot.swap(null_mut(), Ordering::SeqCst);
            if !name.is_null() {
                // SAFETY: a registered name is a NUL-terminated string that is never freed.
                unsafe {
                    libc::unlink(name);
                }
            }
        }
    }

    extern "C" fn on_signal(signal: libc::c_int) {
        remove_all();
        // SAFETY: `signal` and `raise` are async-signal-safe. The signal is blocked while
        // this handler runs, so the raised one is delivered, with its default action
        // (ending the process), as soon as the handler returns.
        unsafe {
            libc::signal(signal, libc::SIG_DFL);
            libc::raise(signal);
        }
    }

    /// Installs `on_signal` for each of [`SIGNALS`] that still has its default action
    /// (a handler someone else installed is left alone).
    fn install_handlers() {
        for signal in SIGNALS {
            // SAFETY: plain sigaction calls on zero-initialised structures; the handler
            // only does async-signal-safe work.
            unsafe {
                let mut old: libc::sigaction = std::mem::zeroed();
                if libc::sigaction(signal, std::ptr::null(), &mut old) != 0
                    || old.sa_sigaction != libc::SIG_DFL
                {
                    continue;
                }
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as usize;
                libc::sigemptyset(&mut action.sa_mask);
                libc::sigaction(signal, &action, std::ptr::null_mut());
            }
        }
    }
}

/// Elsewhere, the temporary file is removed on drop only.
#[cfg(not(unix))]
mod cleanup {
    use std::path::Path;

    pub struct Registration;

    impl Registration {
        pub fn release(self) {}
    }

    pub fn register(_: &Path) -> Option<Registration> {
        None
    }

    pub fn remove_all() {}
}
