//! A one-node Slurm cluster of our own, in a temporary directory: munged, slurmctld and slurmd
//! started with a configuration written there, stopped by their pids and the directory removed
//! when the value is dropped (also when a workflow fails).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, ensure, Context};

/// Ports of our controller and node daemon, away from Slurm's defaults (6817, 6818) so that a
/// cluster already on the machine is left alone.
const CONTROLLER_PORT: u16 = 16_817;
const NODE_PORT: u16 = 16_818;

/// A running test cluster.
#[derive(Debug)]
pub struct Cluster {
    dir: tempfile::TempDir,
    /// The daemons we started, by name and pid, in the order they are stopped.
    daemons: Vec<(&'static str, u32)>,
    /// Read-only bind mounts made for the workflows, unmounted before the daemons stop.
    mounts: Vec<PathBuf>,
}

impl Cluster {
    /// Starts munged, slurmctld and slurmd with a configuration for this machine (its short
    /// hostname, all its CPUs) and waits until the node is idle.
    pub fn start() -> anyhow::Result<Cluster> {
        let dir = tempfile::Builder::new().prefix("puzzle-slurm").tempdir()?;
        let mut cluster = Cluster { dir, daemons: Vec::new(), mounts: Vec::new() };
        let d = cluster.dir.path().to_path_buf();
        for sub in ["state", "spool", "log", "munge"] {
            std::fs::create_dir_all(d.join(sub))?;
        }
        let key = d.join("munge/munge.key");
        let mut bytes = vec![0u8; 1024];
        std::io::Read::read_exact(&mut std::fs::File::open("/dev/urandom")?, &mut bytes)?;
        std::fs::write(&key, &bytes)?;
        set_mode(&key, 0o400)?;
        set_mode(&d.join("munge"), 0o700)?;
        let socket = d.join("munge/munge.sock");
        run(Command::new("munged").args([
            "--force".into(),
            format!("--socket={}", socket.display()),
            format!("--key-file={}", key.display()),
            format!("--log-file={}", d.join("log/munged.log").display()),
            format!("--pid-file={}", d.join("munge/munged.pid").display()),
            format!("--seed-file={}", d.join("munge/munged.seed").display()),
        ]))?;
        cluster.daemons.push(("munged", wait_for_pid(&d.join("munge/munged.pid"))?));
        std::fs::write(cluster.conf(), configuration(&d, &socket)?)?;
        run(Command::new("slurmctld").arg("-f").arg(cluster.conf()))?;
        cluster.daemons.insert(0, ("slurmctld", wait_for_pid(&d.join("slurmctld.pid"))?));
        run(Command::new("slurmd").arg("-f").arg(cluster.conf()))?;
        cluster.daemons.insert(0, ("slurmd", wait_for_pid(&d.join("slurmd.pid"))?));
        let started = Instant::now();
        loop {
            let state = cluster.output(Command::new("sinfo").args(["-h", "-o", "%T"])).unwrap_or_default();
            if state.trim() == "idle" {
                return Ok(cluster);
            }
            if started.elapsed() > Duration::from_secs(60) {
                bail!("the test node is {:?} after a minute, not idle; see {}", state.trim(), d.join("log").display());
            }
            std::thread::sleep(Duration::from_millis(300));
        }
    }

    /// The configuration file, for `SLURM_CONF`.
    pub fn conf(&self) -> PathBuf {
        self.dir.path().join("slurm.conf")
    }

    /// A fresh directory inside the cluster's own.
    pub fn workdir(&self, name: &str) -> anyhow::Result<PathBuf> {
        let dir = self.dir.path().join("work").join(name);
        std::fs::create_dir_all(&dir)?;
        Ok(dir)
    }

    /// `command` with this cluster's `SLURM_CONF`.
    pub fn command(&self, program: &str) -> Command {
        let mut command = Command::new(program);
        command.env("SLURM_CONF", self.conf());
        command
    }

    /// What `command` (given `SLURM_CONF` here) prints, when it succeeds.
    pub fn output(&self, command: &mut Command) -> anyhow::Result<String> {
        let output = command.env("SLURM_CONF", self.conf()).stderr(Stdio::piped()).output()?;
        ensure!(
            output.status.success(),
            "{:?} failed: {}",
            command.get_program(),
            String::from_utf8_lossy(&output.stderr).trim()
        );
        Ok(String::from_utf8(output.stdout)?)
    }

    /// `source` made visible read-only at `target` (a bind mount, unmounted when the cluster
    /// stops); `false` when the machine does not allow it (no privilege to mount).
    pub fn read_only_view(&mut self, source: &Path, target: &Path) -> anyhow::Result<bool> {
        std::fs::create_dir_all(target)?;
        let status =
            Command::new("mount").args(["--bind", "-o", "ro"]).arg(source).arg(target).stderr(Stdio::null()).status();
        if !status.is_ok_and(|s| s.success()) {
            return Ok(false);
        }
        self.mounts.push(target.to_path_buf());
        // Older kernels ignore `ro` on the first bind: remount to be sure.
        let _ = Command::new("mount").args(["-o", "remount,bind,ro"]).arg(target).stderr(Stdio::null()).status();
        Ok(std::fs::write(target.join(".probe"), b"").is_err())
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        // Jobs first (a workflow that failed may have left some), then the mounts, then the
        // daemons we started, each by its pid.
        let _ = self.command("scancel").arg("--full").arg("--user=root").stderr(Stdio::null()).status();
        std::thread::sleep(Duration::from_millis(500));
        for mount in self.mounts.drain(..).rev() {
            let _ = Command::new("umount").arg(&mount).status();
        }
        for (name, pid) in &self.daemons {
            let _ = Command::new("kill").arg(pid.to_string()).status();
            let gone = (0..50).any(|_| {
                std::thread::sleep(Duration::from_millis(100));
                !Path::new(&format!("/proc/{pid}")).exists()
            });
            if !gone {
                eprintln!("slurm: {name} (pid {pid}) did not stop on SIGTERM: killing it");
                let _ = Command::new("kill").args(["-KILL", &pid.to_string()]).status();
            }
        }
    }
}

/// slurm.conf for a one-node cluster of this machine, everything kept under `dir`: the settings
/// that work in a container (no cgroups: proctrack/linuxproc, task/none).
fn configuration(dir: &Path, socket: &Path) -> anyhow::Result<String> {
    let host = String::from_utf8(Command::new("hostname").arg("-s").output()?.stdout)?.trim().to_owned();
    ensure!(!host.is_empty(), "hostname -s printed nothing");
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    let d = dir.display();
    Ok(format!(
        "ClusterName=puzzletest\n\
         SlurmctldHost={host}\n\
         SlurmctldPort={CONTROLLER_PORT}\n\
         SlurmdPort={NODE_PORT}\n\
         SlurmUser=root\n\
         SlurmdUser=root\n\
         AuthType=auth/munge\n\
         CredType=cred/munge\n\
         AuthInfo=socket={socket}\n\
         ProctrackType=proctrack/linuxproc\n\
         TaskPlugin=task/none\n\
         SelectType=select/cons_tres\n\
         SelectTypeParameters=CR_Core\n\
         StateSaveLocation={d}/state\n\
         SlurmdSpoolDir={d}/spool\n\
         SlurmctldPidFile={d}/slurmctld.pid\n\
         SlurmdPidFile={d}/slurmd.pid\n\
         SlurmctldLogFile={d}/log/slurmctld.log\n\
         SlurmdLogFile={d}/log/slurmd.log\n\
         ReturnToService=2\n\
         MpiDefault=none\n\
         JobCompType=jobcomp/none\n\
         AccountingStorageType=accounting_storage/none\n\
         SchedulerType=sched/backfill\n\
         KillWait=30\n\
         MinJobAge=300\n\
         NodeName={host} CPUs={cpus} State=UNKNOWN\n\
         PartitionName=debug Nodes={host} Default=YES MaxTime=INFINITE State=UP\n",
        socket = socket.display(),
    ))
}

/// Runs a daemon's start command (it forks into the background and returns).
fn run(command: &mut Command) -> anyhow::Result<()> {
    let output =
        command.stdin(Stdio::null()).output().with_context(|| format!("cannot run {:?}", command.get_program()))?;
    ensure!(
        output.status.success(),
        "{:?} failed: {}{}",
        command.get_program(),
        String::from_utf8_lossy(&output.stdout).trim(),
        String::from_utf8_lossy(&output.stderr).trim()
    );
    Ok(())
}

/// The pid a daemon wrote to `file`, once it has.
fn wait_for_pid(file: &Path) -> anyhow::Result<u32> {
    for _ in 0..100 {
        if let Some(pid) = std::fs::read_to_string(file).ok().and_then(|text| text.trim().parse().ok()) {
            return Ok(pid);
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    bail!("no pid in {} after 10 s", file.display())
}

/// `chmod MODE PATH` (munged refuses a key others can read).
fn set_mode(path: &Path, mode: u32) -> anyhow::Result<()> {
    run(Command::new("chmod").arg(format!("{mode:o}")).arg(path))
}
