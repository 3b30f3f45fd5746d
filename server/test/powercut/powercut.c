// A power cut for the power-cut test (server/test/powercut.test.ts), as an LD_PRELOAD library.
//
// Every change a process makes under POWERCUT_DIR goes to the disk as usual (so the process reads what it wrote),
// and before it is made, what it replaces is appended to an undo log (POWERCUT_LOG): the bytes a write overwrites
// and the size it changes, a file created, a name removed or replaced (the file is kept by a hard link in
// POWERCUT_GRAVE), a directory made. fsync and fdatasync are logged too. After the process is killed, the test
// undoes everything the log says was not synced: a file's writes after its last sync, a directory's entries
// changed after its last sync. What is left is what a disk would hold after a power cut at that moment (the
// strictest reading of POSIX: nothing reaches the disk unless synced, and a name only with its directory).
//
// POWERCUT_ARM with POWERCUT_KILL_ON or POWERCUT_KILL_AFTER_SYNC: once the file POWERCUT_ARM exists, the process
// kills itself (SIGKILL) just before its next write to a file whose path ends with POWERCUT_KILL_ON, or just after
// its next sync of one whose path ends with POWERCUT_KILL_AFTER_SYNC: a cut at an exact moment.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

enum { R_WRITE = 1, R_TRUNC, R_SYNC, R_DIRSYNC, R_CREATE, R_UNLINK, R_RENAME, R_MKDIR, R_RMDIR };

// One log record: this header, then path, path2 and data.
struct rec {
  uint32_t type, plen, p2len, reserved;
  uint64_t ino, pino, pino2;
  int64_t off, oldsize;
  uint64_t dlen;
};

#define MAXFD 65536
struct tracked {
  char on, dir;
  uint64_t dev, ino;
  char *path;
};
static struct tracked fds[MAXFD];
static char root[PATH_MAX], grave[PATH_MAX], arm[PATH_MAX], killon[PATH_MAX], killsync[PATH_MAX];
static size_t rootlen;
static int logfd = -1;
static unsigned long graves;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;

static int (*r_open)(const char *, int, ...);
static int (*r_openat)(int, const char *, int, ...);
static int (*r_close)(int);
static ssize_t (*r_write)(int, const void *, size_t);
static ssize_t (*r_pwrite)(int, const void *, size_t, off_t);
static ssize_t (*r_writev)(int, const struct iovec *, int);
static ssize_t (*r_pwritev)(int, const struct iovec *, int, off_t);
static int (*r_ftruncate)(int, off_t);
static int (*r_truncate)(const char *, off_t);
static int (*r_fsync)(int);
static int (*r_fdatasync)(int);
static int (*r_rename)(const char *, const char *);
static int (*r_unlink)(const char *);
static int (*r_mkdir)(const char *, mode_t);
static int (*r_rmdir)(const char *);

__attribute__((constructor)) static void init(void) {
  r_open = dlsym(RTLD_NEXT, "open");
  r_openat = dlsym(RTLD_NEXT, "openat");
  r_close = dlsym(RTLD_NEXT, "close");
  r_write = dlsym(RTLD_NEXT, "write");
  r_pwrite = dlsym(RTLD_NEXT, "pwrite");
  r_writev = dlsym(RTLD_NEXT, "writev");
  r_pwritev = dlsym(RTLD_NEXT, "pwritev");
  r_ftruncate = dlsym(RTLD_NEXT, "ftruncate");
  r_truncate = dlsym(RTLD_NEXT, "truncate");
  r_fsync = dlsym(RTLD_NEXT, "fsync");
  r_fdatasync = dlsym(RTLD_NEXT, "fdatasync");
  r_rename = dlsym(RTLD_NEXT, "rename");
  r_unlink = dlsym(RTLD_NEXT, "unlink");
  r_mkdir = dlsym(RTLD_NEXT, "mkdir");
  r_rmdir = dlsym(RTLD_NEXT, "rmdir");
  const char *d = getenv("POWERCUT_DIR"), *l = getenv("POWERCUT_LOG"), *g = getenv("POWERCUT_GRAVE");
  if (!d || !l || !g || !realpath(d, root) || !realpath(g, grave)) return;
  rootlen = strlen(root);
  const char *a = getenv("POWERCUT_ARM"), *k = getenv("POWERCUT_KILL_ON"), *ks = getenv("POWERCUT_KILL_AFTER_SYNC");
  if (a) snprintf(arm, sizeof arm, "%s", a);
  if (a && k) snprintf(killon, sizeof killon, "%s", k);
  if (a && ks) snprintf(killsync, sizeof killsync, "%s", ks);
  logfd = r_open(l, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
}

// A log that misses a record would make the cut lie: stop the process, saying why.
static void die(const char *what, const char *path) {
  char msg[PATH_MAX + 128];
  int n = snprintf(msg, sizeof msg, "powercut: %s %s: %s\n", what, path ? path : "", strerror(errno));
  if (n > 0) r_write(2, msg, n < (int)sizeof msg ? (size_t)n : sizeof msg - 1);
  abort();
}

static int under(const char *p) {
  return logfd >= 0 && strncmp(p, root, rootlen) == 0 && (p[rootlen] == 0 || p[rootlen] == '/');
}

// The absolute path of `path` opened relative to `dirfd`; 0 when it cannot be said.
static int absolute(int dirfd, const char *path, char *out) {
  if (path[0] == '/') return snprintf(out, PATH_MAX, "%s", path) < PATH_MAX;
  char base[PATH_MAX];
  if (dirfd == AT_FDCWD) {
    if (!getcwd(base, sizeof base)) return 0;
  } else {
    char link[64];
    snprintf(link, sizeof link, "/proc/self/fd/%d", dirfd);
    ssize_t n = readlink(link, base, sizeof base - 1);
    if (n < 0) return 0;
    base[n] = 0;
  }
  return snprintf(out, PATH_MAX, "%s/%s", base, path) < PATH_MAX;
}

static uint64_t parent_ino(const char *p) {
  char dir[PATH_MAX];
  snprintf(dir, sizeof dir, "%s", p);
  char *slash = strrchr(dir, '/');
  if (!slash) return 0;
  *slash = 0;
  struct stat st;
  return stat(dir[0] ? dir : "/", &st) == 0 ? st.st_ino : 0;
}

static void put(uint32_t type, uint64_t ino, uint64_t pino, uint64_t pino2, int64_t off, int64_t oldsize,
                const char *p, const char *p2, const void *data, uint64_t dlen) {
  struct rec r = {type, p ? strlen(p) : 0, p2 ? strlen(p2) : 0, 0, ino, pino, pino2, off, oldsize, dlen};
  size_t n = sizeof r + r.plen + r.p2len + dlen;
  char *buf = malloc(n);
  if (!buf) die("malloc", p);
  memcpy(buf, &r, sizeof r);
  if (r.plen) memcpy(buf + sizeof r, p, r.plen);
  if (r.p2len) memcpy(buf + sizeof r + r.plen, p2, r.p2len);
  if (dlen) memcpy(buf + sizeof r + r.plen + r.p2len, data, dlen);
  for (size_t done = 0; done < n;) {
    ssize_t w = r_write(logfd, buf + done, n - done);
    if (w <= 0) die("log write", p);
    done += w;
  }
  free(buf);
}

// Reads [off, off+len) of the file open as fd, whatever fd's access mode: through /proc when fd is write-only.
static ssize_t read_old(int fd, void *buf, size_t len, off_t off) {
  ssize_t n = pread(fd, buf, len, off);
  if (n >= 0 || errno != EBADF) return n;
  char link[64];
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  int rfd = r_open(link, O_RDONLY | O_CLOEXEC);
  if (rfd < 0) return -1;
  n = pread(rfd, buf, len, off);
  r_close(rfd);
  return n;
}

static void kill_if(int fd, const char *suffix) {
  if (!suffix[0] || !fds[fd].path) return;
  size_t pl = strlen(fds[fd].path), kl = strlen(suffix);
  if (pl >= kl && strcmp(fds[fd].path + pl - kl, suffix) == 0 && access(arm, F_OK) == 0) kill(getpid(), SIGKILL);
}
static void maybe_kill(int fd) { kill_if(fd, killon); }

// Before a write of len bytes at off (off < 0: at the file position) to a tracked fd: log what it replaces.
static void before_write(int fd, int64_t off, size_t len) {
  struct stat st;
  if (fstat(fd, &st) != 0) return;
  if (off < 0) off = (fcntl(fd, F_GETFL) & O_APPEND) ? st.st_size : lseek(fd, 0, SEEK_CUR);
  int64_t end = off + (int64_t)len < st.st_size ? off + (int64_t)len : st.st_size;
  size_t keep = end > off ? (size_t)(end - off) : 0;
  char *old = keep ? malloc(keep) : NULL;
  if (keep && (!old || read_old(fd, old, keep, off) != (ssize_t)keep)) die("read before write", fds[fd].path);
  put(R_WRITE, fds[fd].ino, 0, 0, off, st.st_size, fds[fd].path, NULL, old, keep);
  free(old);
}

static void before_truncate(int fd, int64_t size) {
  struct stat st;
  if (fstat(fd, &st) != 0 || size == st.st_size) return;
  size_t keep = size < st.st_size ? (size_t)(st.st_size - size) : 0;
  char *old = keep ? malloc(keep) : NULL;
  if (keep && (!old || read_old(fd, old, keep, size) != (ssize_t)keep)) die("read before truncate", fds[fd].path);
  put(R_TRUNC, st.st_ino, 0, 0, size, st.st_size, fds[fd].path, NULL, old, keep);
  free(old);
}

// Keeps the file at `p` reachable after its name goes: a hard link in the grave; its name there is returned.
static int bury(const char *p, char *out) {
  struct stat st;
  if (lstat(p, &st) != 0 || S_ISDIR(st.st_mode)) return 0;
  snprintf(out, PATH_MAX, "%s/%lu-%lu", grave, (unsigned long)st.st_ino, ++graves);
  return link(p, out) == 0;
}

static void track(int fd, const char *p) {
  struct stat st;
  if (fd < 0 || fd >= MAXFD || fstat(fd, &st) != 0) return;
  free(fds[fd].path);
  fds[fd] = (struct tracked){1, S_ISDIR(st.st_mode), st.st_dev, st.st_ino, strdup(p)};
}

static int do_open(int dirfd, const char *path, int flags, mode_t mode) {
  char p[PATH_MAX];
  if (logfd < 0 || !absolute(dirfd, path, p) || !under(p)) return r_openat(dirfd, path, flags, mode);
  pthread_mutex_lock(&mu);
  struct stat st;
  int existed = stat(p, &st) == 0;
  if (existed && (flags & O_TRUNC) && S_ISREG(st.st_mode) && st.st_size > 0) {
    int rfd = r_open(p, O_RDONLY | O_CLOEXEC);
    if (rfd >= 0) {
      char *old = malloc(st.st_size);
      if (!old || pread(rfd, old, st.st_size, 0) != st.st_size) die("read before O_TRUNC", p);
      put(R_TRUNC, st.st_ino, 0, 0, 0, st.st_size, p, NULL, old, st.st_size);
      free(old);
      r_close(rfd);
    }
  }
  int fd = r_openat(dirfd, path, flags, mode);
  if (fd >= 0) {
    if (!existed) {
      struct stat nst;
      fstat(fd, &nst);
      put(R_CREATE, nst.st_ino, parent_ino(p), 0, 0, 0, p, NULL, NULL, 0);
    }
    track(fd, p);
  }
  pthread_mutex_unlock(&mu);
  return fd;
}

#define MODE_ARG                                                                                                   \
  mode_t mode = 0;                                                                                                 \
  if (flags & (O_CREAT | __O_TMPFILE)) {                                                                           \
    va_list ap;                                                                                                    \
    va_start(ap, flags);                                                                                           \
    mode = va_arg(ap, mode_t);                                                                                     \
    va_end(ap);                                                                                                    \
  }

int open(const char *path, int flags, ...) {
  MODE_ARG
  return do_open(AT_FDCWD, path, flags, mode);
}
int open64(const char *path, int flags, ...) {
  MODE_ARG
  return do_open(AT_FDCWD, path, flags, mode);
}
int openat(int dirfd, const char *path, int flags, ...) {
  MODE_ARG
  return do_open(dirfd, path, flags, mode);
}
int openat64(int dirfd, const char *path, int flags, ...) {
  MODE_ARG
  return do_open(dirfd, path, flags, mode);
}
int __open_2(const char *path, int flags) { return do_open(AT_FDCWD, path, flags, 0); }
int __open64_2(const char *path, int flags) { return do_open(AT_FDCWD, path, flags, 0); }

int close(int fd) {
  if (fd >= 0 && fd < MAXFD && fds[fd].on) { // when it comes this way
    pthread_mutex_lock(&mu);
    free(fds[fd].path);
    fds[fd] = (struct tracked){0};
    pthread_mutex_unlock(&mu);
  }
  return r_close(fd);
}

// libuv closes files with syscall(SYS_close), which no library sees: an fd number may since have been given to
// another file or a socket. It is still the tracked file only while it names the same inode.
static int is_tracked(int fd) {
  if (fd < 0 || fd >= MAXFD || !fds[fd].on) return 0;
  struct stat st;
  if (fstat(fd, &st) == 0 && st.st_dev == fds[fd].dev && st.st_ino == fds[fd].ino) return 1;
  pthread_mutex_lock(&mu);
  free(fds[fd].path);
  fds[fd] = (struct tracked){0};
  pthread_mutex_unlock(&mu);
  return 0;
}

ssize_t write(int fd, const void *buf, size_t n) {
  if (!is_tracked(fd)) return r_write(fd, buf, n);
  maybe_kill(fd);
  pthread_mutex_lock(&mu);
  before_write(fd, -1, n);
  ssize_t r = r_write(fd, buf, n);
  pthread_mutex_unlock(&mu);
  return r;
}

static ssize_t do_pwrite(int fd, const void *buf, size_t n, off_t off) {
  if (!is_tracked(fd)) return r_pwrite(fd, buf, n, off);
  maybe_kill(fd);
  pthread_mutex_lock(&mu);
  before_write(fd, off, n);
  ssize_t r = r_pwrite(fd, buf, n, off);
  pthread_mutex_unlock(&mu);
  return r;
}
ssize_t pwrite(int fd, const void *buf, size_t n, off_t off) { return do_pwrite(fd, buf, n, off); }
ssize_t pwrite64(int fd, const void *buf, size_t n, off_t off) { return do_pwrite(fd, buf, n, off); }

static size_t iolen(const struct iovec *iov, int cnt) {
  size_t n = 0;
  for (int i = 0; i < cnt; i++) n += iov[i].iov_len;
  return n;
}
ssize_t writev(int fd, const struct iovec *iov, int cnt) {
  if (!is_tracked(fd)) return r_writev(fd, iov, cnt);
  maybe_kill(fd);
  pthread_mutex_lock(&mu);
  before_write(fd, -1, iolen(iov, cnt));
  ssize_t r = r_writev(fd, iov, cnt);
  pthread_mutex_unlock(&mu);
  return r;
}
static ssize_t do_pwritev(int fd, const struct iovec *iov, int cnt, off_t off) {
  if (!is_tracked(fd)) return r_pwritev(fd, iov, cnt, off);
  maybe_kill(fd);
  pthread_mutex_lock(&mu);
  before_write(fd, off, iolen(iov, cnt));
  ssize_t r = r_pwritev(fd, iov, cnt, off);
  pthread_mutex_unlock(&mu);
  return r;
}
ssize_t pwritev(int fd, const struct iovec *iov, int cnt, off_t off) { return do_pwritev(fd, iov, cnt, off); }
ssize_t pwritev64(int fd, const struct iovec *iov, int cnt, off_t off) { return do_pwritev(fd, iov, cnt, off); }

static int do_ftruncate(int fd, off_t size) {
  if (!is_tracked(fd)) return r_ftruncate(fd, size);
  pthread_mutex_lock(&mu);
  before_truncate(fd, size);
  int r = r_ftruncate(fd, size);
  pthread_mutex_unlock(&mu);
  return r;
}
int ftruncate(int fd, off_t size) { return do_ftruncate(fd, size); }
int ftruncate64(int fd, off_t size) { return do_ftruncate(fd, size); }

static int do_truncate(const char *path, off_t size) {
  char p[PATH_MAX];
  if (logfd < 0 || !absolute(AT_FDCWD, path, p) || !under(p)) return r_truncate(path, size);
  int fd = do_open(AT_FDCWD, p, O_RDWR | O_CLOEXEC, 0);
  if (fd < 0) return -1;
  int r = do_ftruncate(fd, size);
  close(fd);
  return r;
}
int truncate(const char *path, off_t size) { return do_truncate(path, size); }
int truncate64(const char *path, off_t size) { return do_truncate(path, size); }

static int do_sync(int fd, int (*real)(int)) {
  int r = real(fd);
  if (r == 0 && is_tracked(fd)) {
    pthread_mutex_lock(&mu);
    put(fds[fd].dir ? R_DIRSYNC : R_SYNC, fds[fd].ino, 0, 0, 0, 0, fds[fd].path, NULL, NULL, 0);
    pthread_mutex_unlock(&mu);
    kill_if(fd, killsync);
  }
  return r;
}
int fsync(int fd) { return do_sync(fd, r_fsync); }
int fdatasync(int fd) { return do_sync(fd, r_fdatasync); }

int rename(const char *from, const char *to) {
  char a[PATH_MAX], b[PATH_MAX], g[PATH_MAX] = "";
  if (logfd < 0 || !absolute(AT_FDCWD, from, a) || !absolute(AT_FDCWD, to, b) || (!under(a) && !under(b)))
    return r_rename(from, to);
  pthread_mutex_lock(&mu);
  struct stat st;
  int known = lstat(a, &st) == 0;
  if (known) bury(b, g); // the file `to` named before, if any
  int r = r_rename(from, to);
  if (r == 0 && known) put(R_RENAME, st.st_ino, parent_ino(a), parent_ino(b), 0, 0, a, b, g, strlen(g));
  pthread_mutex_unlock(&mu);
  return r;
}

int unlink(const char *path) {
  char p[PATH_MAX], g[PATH_MAX];
  if (logfd < 0 || !absolute(AT_FDCWD, path, p) || !under(p)) return r_unlink(path);
  pthread_mutex_lock(&mu);
  struct stat st;
  int buried = lstat(p, &st) == 0 && bury(p, g);
  int r = r_unlink(path);
  if (r == 0 && buried) put(R_UNLINK, st.st_ino, parent_ino(p), 0, 0, 0, p, NULL, g, strlen(g));
  pthread_mutex_unlock(&mu);
  return r;
}

int mkdir(const char *path, mode_t mode) {
  char p[PATH_MAX];
  if (logfd < 0 || !absolute(AT_FDCWD, path, p) || !under(p)) return r_mkdir(path, mode);
  pthread_mutex_lock(&mu);
  int r = r_mkdir(path, mode);
  struct stat st;
  if (r == 0 && stat(p, &st) == 0) put(R_MKDIR, st.st_ino, parent_ino(p), 0, 0, 0, p, NULL, NULL, 0);
  pthread_mutex_unlock(&mu);
  return r;
}

int rmdir(const char *path) {
  char p[PATH_MAX];
  if (logfd < 0 || !absolute(AT_FDCWD, path, p) || !under(p)) return r_rmdir(path);
  pthread_mutex_lock(&mu);
  uint64_t pino = parent_ino(p);
  int r = r_rmdir(path);
  if (r == 0) put(R_RMDIR, 0, pino, 0, 0, 0, p, NULL, NULL, 0);
  pthread_mutex_unlock(&mu);
  return r;
}
