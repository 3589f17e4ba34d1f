#!/usr/bin/env bash
# A one-node Slurm cluster in a folder of its own, for test/slurm.test.ts (Debian's slurm-wlm and munge):
#   one-node.sh start DIR CTLD_PORT SLURMD_PORT   writes DIR/slurm.conf, starts munged, slurmctld and slurmd
#                                                 on this machine (as root), and waits until the node is idle
#   one-node.sh stop DIR                          ends the three daemons it started (by their pid files)
# Everything (key, sockets, state, logs) stays in DIR; commands reach the cluster with SLURM_CONF=DIR/slurm.conf.
set -euo pipefail
cmd=${1:?start or stop}
dir=$(cd "${2:?DIR}" && pwd)
if [ "$cmd" = stop ]; then
  for d in slurmd slurmctld munged; do
    [ -f "$dir/$d.pid" ] || continue
    pid=$(cat "$dir/$d.pid")
    kill "$pid" 2>/dev/null || continue
    # Wait for it to end (slurmctld saves its state as it goes), at most 10 s.
    for _ in $(seq 100); do [ -d "/proc/$pid" ] && ! grep -q '^State:.*Z' "/proc/$pid/status" 2>/dev/null || break; sleep 0.1; done
  done
  exit 0
fi
ctld_port=${3:?CTLD_PORT}
slurmd_port=${4:?SLURMD_PORT}
node=$(hostname -s)
mkdir -p "$dir/state" "$dir/spool" "$dir/log"
head -c 1024 /dev/urandom > "$dir/munge.key"
chmod 400 "$dir/munge.key"
cat > "$dir/slurm.conf" <<CONF
ClusterName=mafiasim
SlurmctldHost=$node(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
AuthType=auth/munge
AuthInfo=socket=$dir/munge.sock
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
PlugStackConfig=/dev/null
NodeName=$node NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=main Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$dir/slurm.conf"
munged --force --key-file="$dir/munge.key" --socket="$dir/munge.sock" --pid-file="$dir/munged.pid" \
  --log-file="$dir/log/munged.log" --seed-file="$dir/munge.seed"
slurmctld -c
slurmd
for _ in $(seq 60); do
  [ "$(sinfo -h -N -o %t 2>/dev/null)" = idle ] && exit 0
  sleep 0.5
done
echo "one-node.sh: the node is not idle after 30 s: $(sinfo -h -N -o %t 2>&1)" >&2
exit 1
