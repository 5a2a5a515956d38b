/* The Dip Pouch replay and the Weng–Lin walk, compiled ahead of time (issue 15).
 *
 * The same loops as the numba builds (ratings/engine.py's _group_by_event, _replay, _as_of and
 * _rerun; ratings/skill/layout.py's lay_out, its table branch; ratings/skill/kernel.py's
 * rate_history with plackett_luce.omega_delta), operation for operation on the same doubles:
 * no contraction into fused multiply-adds, libm's sqrt and exp, Python's min and max. So the
 * figures are the same to the last bit (a test compares both builds). Compiled when the package
 * is installed, it spares a command that updates the stored figures (a re-import of one event)
 * numba's import and the loading of its cached kernels: about 0.4 s of the 1 s it has.
 *
 * Arrays are C-contiguous buffers of the right item size (numpy arrays); outputs are
 * writable ones the caller allocates. Every index read from an array is checked against the
 * array it indexes: a bad one raises ValueError instead of writing out of bounds.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

/* ---- arguments ------------------------------------------------------------------------- */

typedef struct {
    Py_buffer view;
    int held;
} Buf;

/* A one-dimensional C-contiguous buffer of `itemsize`-byte items (writable when `out`). */
static int get_buf(PyObject *obj, Buf *buf, Py_ssize_t itemsize, int out, const char *name) {
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (out ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj, &buf->view, flags) < 0) return -1;
    buf->held = 1;
    if (buf->view.itemsize != itemsize || buf->view.ndim != 1) {
        PyErr_Format(PyExc_ValueError, "%s: expected one dimension of %zd-byte items", name,
                     itemsize);
        return -1;
    }
    return 0;
}

static void release(Buf *bufs, int n) {
    for (int i = 0; i < n; i++)
        if (bufs[i].held) PyBuffer_Release(&bufs[i].view);
}

/* The buffers of `n` arguments: `spec` gives each one's item size as a letter — 'i' int32,
 * 'l' int64, 'd' double — upper case when the kernel writes it. */
static int get_bufs(PyObject *const *objs, Buf *bufs, const char *spec, int n) {
    for (int i = 0; i < n; i++) {
        char c = spec[i];
        Py_ssize_t size = (c == 'i' || c == 'I') ? 4 : 8;
        char name[16];
        snprintf(name, sizeof name, "argument %d", i + 1);
        if (get_buf(objs[i], &bufs[i], size, c >= 'A' && c <= 'Z', name) < 0) return -1;
    }
    return 0;
}

#define LEN(b) ((b).view.shape[0])
#define I32(b) ((int32_t *)(b).view.buf)
#define I64(b) ((int64_t *)(b).view.buf)
#define F64(b) ((double *)(b).view.buf)

static int bad(const char *what) {
    PyErr_Format(PyExc_ValueError, "%s out of range", what);
    return -1;
}

/* The shortest of the buffers marked '1' in `which`. */
static Py_ssize_t shortest(const Buf *b, const char *which) {
    Py_ssize_t out = PY_SSIZE_T_MAX;
    for (int i = 0; which[i]; i++)
        if (which[i] == '1' && LEN(b[i]) < out) out = LEN(b[i]);
    return out;
}

static double max2(double a, double b) { return b > a ? b : a; } /* Python's max(a, b) */
static double min2(double a, double b) { return b < a ? b : a; } /* Python's min(a, b) */

/* ---- the Dip Pouch replay (engine.py) ----------------------------------------------------- */

PyDoc_STRVAR(group_by_event_doc,
             "group_by_event(row_event, n_events, perm): the stable counting sort of the rows "
             "by event into perm (int64).");

static PyObject *group_by_event(PyObject *self, PyObject *args) {
    PyObject *objs[2];
    Py_ssize_t n_events;
    Buf b[2] = {{{0}}};
    PyObject *result = NULL;
    if (!PyArg_ParseTuple(args, "OnO", &objs[0], &n_events, &objs[1])) return NULL;
    if (get_bufs(objs, b, "iL", 2) < 0) goto done;
    Py_ssize_t n = LEN(b[0]);
    const int32_t *row_event = I32(b[0]);
    int64_t *perm = I64(b[1]);
    if (LEN(b[1]) != n || n_events < 0) {
        bad("perm");
        goto done;
    }
    int64_t *count = calloc((size_t)n_events + 1, sizeof(int64_t));
    if (!count) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (row_event[i] < 0 || row_event[i] >= n_events) {
            free(count);
            bad("row_event");
            goto done;
        }
        count[row_event[i] + 1] += 1;
    }
    for (Py_ssize_t e = 0; e < n_events; e++) count[e + 1] += count[e];
    for (Py_ssize_t i = 0; i < n; i++) perm[count[row_event[i]]++] = i;
    free(count);
    result = Py_NewRef(Py_None);
done:
    release(b, 2);
    return result;
}

/* Each event's rows: ev_start[e] ≤ ev_end[e] ≤ rows, and each row's player below players. */
static int check_events(const int64_t *by_position, Py_ssize_t m, Py_ssize_t events,
                        const int64_t *ev_start, const int64_t *ev_end, Py_ssize_t rows,
                        const int32_t *row_player, Py_ssize_t players) {
    for (Py_ssize_t j = 0; j < m; j++) {
        int64_t e = by_position[j];
        if (e < 0 || e >= events) return bad("by_position");
        if (ev_start[e] < 0 || ev_end[e] < ev_start[e] || ev_end[e] > rows)
            return bad("ev_start/ev_end");
        for (int64_t i = ev_start[e]; i < ev_end[e]; i++)
            if (row_player[i] < 0 || row_player[i] >= players) return bad("row_player");
    }
    return 0;
}

PyDoc_STRVAR(replay_doc,
             "replay(by_position, ev_start, ev_end, ev_value, ev_players, row_player, row_rank, "
             "current, before, after): walk the events in application order.");

static PyObject *replay(PyObject *self, PyObject *args) {
    PyObject *objs[10];
    Buf b[10] = {{{0}}};
    PyObject *result = NULL;
    if (!PyArg_ParseTuple(args, "OOOOOOOOOO", &objs[0], &objs[1], &objs[2], &objs[3], &objs[4],
                          &objs[5], &objs[6], &objs[7], &objs[8], &objs[9]))
        return NULL;
    if (get_bufs(objs, b, "llldiiiDDD", 10) < 0) goto done;
    Py_ssize_t events = LEN(b[1]);
    /* (the row buffers grow apart: a row must be in each) */
    Py_ssize_t rows = shortest(b, "0000011011");
    if (LEN(b[2]) < events || LEN(b[3]) < events || LEN(b[4]) < events) {
        bad("an array's length");
        goto done;
    }
    const int64_t *by_position = I64(b[0]), *ev_start = I64(b[1]), *ev_end = I64(b[2]);
    const double *ev_value = F64(b[3]);
    const int32_t *ev_players = I32(b[4]), *row_player = I32(b[5]), *row_rank = I32(b[6]);
    double *current = F64(b[7]), *before = F64(b[8]), *after = F64(b[9]);
    if (check_events(by_position, LEN(b[0]), events, ev_start, ev_end, rows, row_player,
                     LEN(b[7])) < 0)
        goto done;
    for (Py_ssize_t j = 0; j < LEN(b[0]); j++) {
        int64_t e = by_position[j];
        double share = ev_value[e] / 100.0;
        int32_t n = ev_players[e];
        for (int64_t i = ev_start[e]; i < ev_end[e]; i++) {
            int32_t p = row_player[i];
            double old = current[p];
            double score = ((double)n + 0.5 - (double)row_rank[i]) / (double)n * 100.0;
            double new = old + share * (score - old);
            before[i] = old;
            after[i] = new;
            current[p] = new;
        }
    }
    result = Py_NewRef(Py_None);
done:
    release(b, 10);
    return result;
}

PyDoc_STRVAR(as_of_doc,
             "as_of(by_position, ev_start, ev_end, ev_day, ev_value, row_player, "
             "row_nationality, last_day, last, counted, nat): per player, the last row on or "
             "before last_day, the events with a value counted, the last nationality given.");

static PyObject *as_of(PyObject *self, PyObject *args) {
    PyObject *objs[10];
    long long last_day;
    Buf b[10] = {{{0}}};
    PyObject *result = NULL;
    if (!PyArg_ParseTuple(args, "OOOOOOOLOOO", &objs[0], &objs[1], &objs[2], &objs[3], &objs[4],
                          &objs[5], &objs[6], &last_day, &objs[7], &objs[8], &objs[9]))
        return NULL;
    if (get_bufs(objs, b, "lllidiiLLI", 10) < 0) goto done;
    Py_ssize_t events = LEN(b[1]), players = LEN(b[7]);
    Py_ssize_t rows = LEN(b[5]) < LEN(b[6]) ? LEN(b[5]) : LEN(b[6]);
    if (LEN(b[2]) < events || LEN(b[3]) < events || LEN(b[4]) < events ||
        LEN(b[8]) != players || LEN(b[9]) != players) {
        bad("an array's length");
        goto done;
    }
    const int64_t *by_position = I64(b[0]), *ev_start = I64(b[1]), *ev_end = I64(b[2]);
    const int32_t *ev_day = I32(b[3]);
    const double *ev_value = F64(b[4]);
    const int32_t *row_player = I32(b[5]), *row_nationality = I32(b[6]);
    int64_t *last = I64(b[7]), *counted = I64(b[8]);
    int32_t *nat = I32(b[9]);
    if (check_events(by_position, LEN(b[0]), events, ev_start, ev_end, rows, row_player,
                     players) < 0)
        goto done;
    for (Py_ssize_t p = 0; p < players; p++) {
        last[p] = -1;
        counted[p] = 0;
        nat[p] = -1;
    }
    for (Py_ssize_t j = 0; j < LEN(b[0]); j++) {
        int64_t e = by_position[j];
        if (ev_day[e] > last_day) break;
        int rated = ev_value[e] > 0.0;
        for (int64_t i = ev_start[e]; i < ev_end[e]; i++) {
            int32_t p = row_player[i];
            last[p] = i;
            if (rated) counted[p] += 1;
            if (row_nationality[i] >= 0) nat[p] = row_nationality[i];
        }
    }
    result = Py_NewRef(Py_None);
done:
    release(b, 10);
    return result;
}

PyDoc_STRVAR(rerun_doc,
             "rerun(rows, row_player, row_event, row_rank, ev_value, ev_players, current, "
             "before, after, initial): re-run whole recurrences, rows grouped by player.");

static PyObject *rerun(PyObject *self, PyObject *args) {
    PyObject *objs[9];
    double initial;
    Buf b[9] = {{{0}}};
    PyObject *result = NULL;
    if (!PyArg_ParseTuple(args, "OOOOOOOOOd", &objs[0], &objs[1], &objs[2], &objs[3], &objs[4],
                          &objs[5], &objs[6], &objs[7], &objs[8], &initial))
        return NULL;
    if (get_bufs(objs, b, "liiidiDDD", 9) < 0) goto done;
    const int64_t *rows = I64(b[0]);
    const int32_t *row_player = I32(b[1]), *row_event = I32(b[2]), *row_rank = I32(b[3]);
    const double *ev_value = F64(b[4]);
    const int32_t *ev_players = I32(b[5]);
    double *current = F64(b[6]), *before = F64(b[7]), *after = F64(b[8]);
    Py_ssize_t n_rows = shortest(b, "011100011");
    Py_ssize_t n_events = LEN(b[4]) < LEN(b[5]) ? LEN(b[4]) : LEN(b[5]);
    for (Py_ssize_t j = 0; j < LEN(b[0]); j++) {
        int64_t i = rows[j];
        if (i < 0 || i >= n_rows) {
            bad("rows");
            goto done;
        }
        if (row_player[i] < 0 || row_player[i] >= LEN(b[6])) {
            bad("row_player");
            goto done;
        }
        if (row_event[i] < 0 || row_event[i] >= n_events) {
            bad("row_event");
            goto done;
        }
    }
    int64_t prev = -1;
    double rating = initial;
    for (Py_ssize_t j = 0; j < LEN(b[0]); j++) {
        int64_t i = rows[j];
        int32_t p = row_player[i];
        if (p != prev) {
            rating = initial;
            prev = p;
        }
        int32_t e = row_event[i];
        int32_t n = ev_players[e];
        double score = ((double)n + 0.5 - (double)row_rank[i]) / (double)n * 100.0;
        before[i] = rating;
        rating = rating + ev_value[e] / 100.0 * (score - rating);
        after[i] = rating;
        current[p] = rating;
    }
    result = Py_NewRef(Py_None);
done:
    release(b, 9);
    return result;
}

/* ---- the skill's layout (skill/layout.py) ------------------------------------------------- */

PyDoc_STRVAR(lay_out_doc,
             "lay_out(ids, offsets, place, out_id, out_place, player, first) -> k: each "
             "competition sorted by place (stable insertion sort), the players numbered in "
             "order of first appearance through a table over the ids' range; -1 (nothing "
             "numbered) when that range is too wide for a table.");

static PyObject *lay_out(PyObject *self, PyObject *args) {
    PyObject *objs[7];
    Buf b[7] = {{{0}}};
    PyObject *result = NULL;
    if (!PyArg_ParseTuple(args, "OOOOOOO", &objs[0], &objs[1], &objs[2], &objs[3], &objs[4],
                          &objs[5], &objs[6]))
        return NULL;
    if (get_bufs(objs, b, "lllLLLL", 7) < 0) goto done;
    Py_ssize_t n = LEN(b[0]), m = LEN(b[1]);
    const int64_t *ids = I64(b[0]), *offsets = I64(b[1]), *place = I64(b[2]);
    int64_t *out_id = I64(b[3]), *out_place = I64(b[4]), *player = I64(b[5]), *first = I64(b[6]);
    if (LEN(b[2]) != n || LEN(b[3]) != n || LEN(b[4]) != n || LEN(b[5]) != n || LEN(b[6]) != n) {
        bad("an array's length");
        goto done;
    }
    for (Py_ssize_t c = 0; c + 1 < m; c++)
        if (offsets[c] < 0 || offsets[c + 1] < offsets[c] || offsets[c + 1] > n) {
            bad("offsets");
            goto done;
        }
    for (Py_ssize_t e = 0; e < n; e++) {
        out_id[e] = ids[e];
        out_place[e] = place[e];
    }
    for (Py_ssize_t c = 0; c + 1 < m; c++) {
        int64_t a = offsets[c], z = offsets[c + 1];
        for (int64_t e = a + 1; e < z; e++) {
            int64_t r = out_place[e], p = out_id[e];
            int64_t j = e - 1;
            while (j >= a && out_place[j] > r) {
                out_place[j + 1] = out_place[j];
                out_id[j + 1] = out_id[j];
                j -= 1;
            }
            out_place[j + 1] = r;
            out_id[j + 1] = p;
        }
    }
    int64_t low = 0, high = -1;
    for (Py_ssize_t e = 0; e < n; e++) {
        if (e == 0 || out_id[e] < low) low = out_id[e];
        if (e == 0 || out_id[e] > high) high = out_id[e];
    }
    /* (the numba build's test, in the same integers: a table when the range is small) */
    if (n && !((double)high - (double)low < 4.0 * (double)n + 1000000.0)) {
        result = PyLong_FromLong(-1);
        goto done;
    }
    int64_t k = 0;
    if (n) {
        int64_t *table = malloc(sizeof(int64_t) * (size_t)(high - low + 1));
        if (!table) {
            PyErr_NoMemory();
            goto done;
        }
        for (int64_t s = 0; s <= high - low; s++) table[s] = -1;
        for (Py_ssize_t e = 0; e < n; e++) {
            int64_t slot = out_id[e] - low;
            if (table[slot] < 0) {
                table[slot] = k;
                first[k] = out_id[e];
                k += 1;
            }
            player[e] = table[slot];
        }
        free(table);
    }
    result = PyLong_FromLongLong(k);
done:
    release(b, 7);
    return result;
}

/* ---- the Weng–Lin walk, Plackett–Luce (skill/kernel.py, skill/plackett_luce.py) ---------- */

/* Ω and Δ of the first k teams (sorted by rank) into omega, delta; e: k doubles of scratch. */
static void pl_omega_delta(int64_t k, const double *mu, const double *s2, const int64_t *rank,
                           double beta, double *omega, double *delta, double *e) {
    double c = 0.0;
    for (int64_t i = 0; i < k; i++) c += s2[i] + beta * beta;
    c = sqrt(c);
    double total = 0.0;
    for (int64_t i = 0; i < k; i++) {
        e[i] = exp(mu[i] / c);
        total += e[i];
    }
    double sum_inv = 0.0, sum_inv2 = 0.0;
    int64_t start = 0;
    while (start < k) {
        int64_t end = start;
        while (end + 1 < k && rank[end + 1] == rank[start]) end += 1;
        int64_t size = end - start + 1;
        double c_q = total;
        sum_inv += 1.0 / c_q;
        sum_inv2 += 1.0 / (c_q * c_q);
        for (int64_t i = start; i <= end; i++) {
            omega[i] = (1.0 / (double)size - e[i] * sum_inv) * s2[i] / c;
            delta[i] = (e[i] * sum_inv - e[i] * e[i] * sum_inv2) * s2[i] / (c * c);
            delta[i] *= sqrt(s2[i]) / c;
        }
        for (int64_t i = start; i <= end; i++) total -= e[i];
        start = end + 1;
    }
}

PyDoc_STRVAR(rate_history_pl_doc,
             "rate_history_pl(mu, sigma, offsets, player, rank, weight, beta, kappa, tau, "
             "limit_sigma, bounds, hi, before_mu, before_sigma): the walk of "
             "kernel.rate_history under Plackett-Luce, mu and sigma updated in place.");

static PyObject *rate_history_pl(PyObject *self, PyObject *args) {
    PyObject *objs[8];
    double beta, kappa, tau, hi;
    int limit_sigma, bounds;
    Buf b[8] = {{{0}}};
    PyObject *result = NULL;
    double *work = NULL;
    if (!PyArg_ParseTuple(args, "OOOOOOdddppdOO", &objs[0], &objs[1], &objs[2], &objs[3],
                          &objs[4], &objs[5], &beta, &kappa, &tau, &limit_sigma, &bounds, &hi,
                          &objs[6], &objs[7]))
        return NULL;
    if (get_bufs(objs, b, "DDllldDD", 8) < 0) goto done;
    double *mu = F64(b[0]), *sigma = F64(b[1]);
    const int64_t *offsets = I64(b[2]), *player = I64(b[3]), *rank = I64(b[4]);
    const double *weight = F64(b[5]);
    double *before_mu = F64(b[6]), *before_sigma = F64(b[7]);
    Py_ssize_t n = LEN(b[3]), m = LEN(b[2]), players = LEN(b[0]);
    if (LEN(b[1]) != players || LEN(b[4]) != n || LEN(b[5]) != n || LEN(b[6]) != n ||
        LEN(b[7]) != n) {
        bad("an array's length");
        goto done;
    }
    int64_t most = 2;
    for (Py_ssize_t c = 0; c + 1 < m; c++) {
        if (offsets[c] < 0 || offsets[c + 1] < offsets[c] || offsets[c + 1] > n) {
            bad("offsets");
            goto done;
        }
        if (offsets[c + 1] - offsets[c] > most) most = offsets[c + 1] - offsets[c];
    }
    for (Py_ssize_t e = 0; e < n; e++)
        if (player[e] < 0 || player[e] >= players) {
            bad("player");
            goto done;
        }
    work = malloc(sizeof(double) * 5 * (size_t)most);
    if (!work) {
        PyErr_NoMemory();
        goto done;
    }
    double *g_mu = work, *g_s2 = work + most, *omega = work + 2 * most;
    double *delta = work + 3 * most, *scratch = work + 4 * most;
    for (Py_ssize_t c = 0; c + 1 < m; c++) {
        int64_t a = offsets[c], k = offsets[c + 1] - offsets[c];
        for (int64_t j = 0; j < k; j++) {
            int64_t p = player[a + j];
            before_mu[a + j] = mu[p];
            before_sigma[a + j] = sigma[p];
            g_mu[j] = mu[p];
            g_s2[j] = sigma[p] * sigma[p] + tau * tau;
        }
        pl_omega_delta(k, g_mu, g_s2, rank + a, beta, omega, delta, scratch);
        for (int64_t j = 0; j < k; j++) {
            int64_t p = player[a + j];
            double w = 1.0;
            if (!isnan(weight[a + j])) w = bounds ? hi : weight[a + j];
            double s = sqrt(g_s2[j]);
            /* (kernel._player; Plackett–Luce takes the "Ω ≥ 0" branch at Ω = 0) */
            double share = s * s / g_s2[j];
            int up = omega[j] > 0 || omega[j] == 0;
            double f = up ? w : 1.0 / w;
            mu[p] = g_mu[j] + share * omega[j] * f;
            sigma[p] = s * sqrt(max2(1.0 - share * delta[j] * f, kappa));
            if (limit_sigma) sigma[p] = min2(sigma[p], before_sigma[a + j]);
        }
    }
    result = Py_NewRef(Py_None);
done:
    free(work);
    release(b, 8);
    return result;
}

/* ---- the certified replay in double-double (certified.py) ------------------------------- */

#define SPLIT 134217729.0 /* 2**27 + 1 */
#define FRESH 0x1p-96

typedef struct {
    double hi, lo;
} DD;

static DD two_sum(double a, double b) {
    double s = a + b;
    double bb = s - a;
    return (DD){s, (a - (s - bb)) + (b - bb)};
}

static DD fast_two_sum(double a, double b) {
    double s = a + b;
    return (DD){s, b - (s - a)};
}

static DD two_prod(double a, double b) {
    double p = a * b;
    double c = SPLIT * a;
    double ah = c - (c - a);
    double al = a - ah;
    c = SPLIT * b;
    double bh = c - (c - b);
    double bl = b - bh;
    return (DD){p, ((ah * bh - p) + ah * bl + al * bh) + al * bl};
}

static DD dd_add(double ah, double al, double bh, double bl) {
    DD s = two_sum(ah, bh);
    DD t = two_sum(al, bl);
    s.lo += t.hi;
    s = fast_two_sum(s.hi, s.lo);
    s.lo += t.lo;
    return fast_two_sum(s.hi, s.lo);
}

static DD dd_mul(double ah, double al, double bh, double bl) {
    DD p = two_prod(ah, bh);
    p.lo += ah * bl + al * bh;
    return fast_two_sum(p.hi, p.lo);
}

static DD quotient(double a, double b) {
    double q = a / b;
    DD p = two_prod(q, b);
    double r = (a - p.hi) - p.lo;
    return (DD){q, r / b};
}

PyDoc_STRVAR(certified_replay_doc,
             "certified_replay(by_position, ev_start, ev_end, ev_day, last_day, share_hi, "
             "share_lo, ev_players, row_player, row_rank, hi, lo, bound): every rating after "
             "the events up to last_day, in double-double, with its bound (in place).");

static PyObject *certified_replay(PyObject *self, PyObject *args) {
    PyObject *objs[12];
    long long last_day;
    Buf b[12] = {{{0}}};
    PyObject *result = NULL;
    if (!PyArg_ParseTuple(args, "OOOOLOOOOOOOO", &objs[0], &objs[1], &objs[2], &objs[3],
                          &last_day, &objs[4], &objs[5], &objs[6], &objs[7], &objs[8], &objs[9],
                          &objs[10], &objs[11]))
        return NULL;
    if (get_bufs(objs, b, "llliddiiiDDD", 12) < 0) goto done;
    Py_ssize_t events = LEN(b[1]), players = LEN(b[9]);
    Py_ssize_t rows = shortest(b, "000000011000");
    if (LEN(b[2]) < events || LEN(b[3]) < events || LEN(b[4]) < events || LEN(b[5]) < events ||
        LEN(b[6]) < events || LEN(b[10]) != players || LEN(b[11]) != players) {
        bad("an array's length");
        goto done;
    }
    const int64_t *by_position = I64(b[0]), *ev_start = I64(b[1]), *ev_end = I64(b[2]);
    const int32_t *ev_day = I32(b[3]);
    const double *share_hi = F64(b[4]), *share_lo = F64(b[5]);
    const int32_t *ev_players = I32(b[6]), *row_player = I32(b[7]), *row_rank = I32(b[8]);
    double *hi = F64(b[9]), *lo = F64(b[10]), *bound = F64(b[11]);
    if (check_events(by_position, LEN(b[0]), events, ev_start, ev_end, rows, row_player,
                     players) < 0)
        goto done;
    for (Py_ssize_t j = 0; j < LEN(b[0]); j++) {
        int64_t e = by_position[j];
        if (ev_day[e] > last_day) break;
        double sh = share_hi[e], sl = share_lo[e];
        if (sh == 0.0 && sl == 0.0) continue; /* a share of nothing: every rating stays */
        double size = fabs(sh) + 1.0;
        double keep = fabs(1.0 - sh) + 0x1p-50;
        double n = (double)ev_players[e];
        for (int64_t i = ev_start[e]; i < ev_end[e]; i++) {
            int32_t p = row_player[i];
            double oh = hi[p], ol = lo[p];
            DD q = quotient(100.0 * (n - (double)row_rank[i]) + 50.0, n);
            DD d = dd_add(q.hi, q.lo, -oh, -ol);
            DD m = dd_mul(sh, sl, d.hi, d.lo);
            DD nw = dd_add(oh, ol, m.hi, m.lo);
            double fresh = FRESH * size * (fabs(q.hi) + 2.0 * fabs(oh) + fabs(nw.hi) + 1.0);
            double bd = (keep * bound[p] + fresh) * (1.0 + 0x1p-40);
            if (!(fabs(nw.hi) < 1e150 && bd < 1e100)) bd = INFINITY;
            hi[p] = nw.hi;
            lo[p] = nw.lo;
            bound[p] = bd;
        }
    }
    result = Py_NewRef(Py_None);
done:
    release(b, 12);
    return result;
}

/* ---- the file readers' checks (io/columnar.py, io/results_columnar.py) ------------------- */

PyDoc_STRVAR(regular_doc,
             "regular(buf, start) -> int: 0 if buf[start:] is quoted as RFC 4180 says, with no "
             "line break inside quotes and no bare carriage return; else 1.");

static PyObject *regular(PyObject *self, PyObject *args) {
    PyObject *obj;
    Py_ssize_t start;
    Buf b[1] = {{{0}}};
    PyObject *result = NULL;
    if (!PyArg_ParseTuple(args, "On", &obj, &start)) return NULL;
    if (get_buf(obj, &b[0], 1, 0, "buf") < 0) goto done;
    const unsigned char *buf = b[0].view.buf;
    Py_ssize_t n = LEN(b[0]);
    int state = 0; /* 0 field start, 1 unquoted, 2 quoted, 3 quote seen inside quoted */
    long verdict = -1;
    for (Py_ssize_t i = start < 0 ? 0 : start; i < n && verdict < 0; i++) {
        unsigned char c = buf[i];
        if (c == '\r' && state != 2 && (i + 1 >= n || buf[i + 1] != '\n')) {
            verdict = 1;
        } else if (state == 0) {
            if (c == '"')
                state = 2;
            else if (c != ',' && c != '\n' && c != '\r')
                state = 1;
        } else if (state == 1) {
            if (c == '"')
                verdict = 1;
            else if (c == ',' || c == '\n')
                state = 0;
        } else if (state == 2) {
            if (c == '"')
                state = 3;
            else if (c == '\n' || c == '\r')
                verdict = 1;
        } else {
            if (c == '"')
                state = 2;
            else if (c == ',' || c == '\n')
                state = 0;
            else if (c != '\r')
                verdict = 1;
        }
    }
    if (verdict < 0) verdict = state == 2 ? 1 : 0;
    result = PyLong_FromLong(verdict);
done:
    release(b, 1);
    return result;
}

PyDoc_STRVAR(ties_ok_doc,
             "ties_ok(g, r, field, explicit) -> bool: over rows sorted by (event, rank), each "
             "tie ends within the field; with no explicit field, each tie's rank is its first "
             "place; every tie after an event's first starts at or after the one before ends.");

static PyObject *ties_ok(PyObject *self, PyObject *args) {
    PyObject *objs[4];
    Buf b[4] = {{{0}}};
    PyObject *result = NULL;
    if (!PyArg_ParseTuple(args, "OOOO", &objs[0], &objs[1], &objs[2], &objs[3])) return NULL;
    if (get_bufs(objs, b, "lll", 3) < 0) goto done;
    if (get_buf(objs[3], &b[3], 1, 0, "explicit") < 0) goto done;
    const int64_t *g = I64(b[0]), *r = I64(b[1]), *field = I64(b[2]);
    const unsigned char *explicit = b[3].view.buf;
    Py_ssize_t n = LEN(b[0]), groups = LEN(b[2]) < LEN(b[3]) ? LEN(b[2]) : LEN(b[3]);
    if (LEN(b[1]) != n) {
        bad("an array's length");
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++)
        if (g[i] < 0 || g[i] >= groups) {
            bad("g");
            goto done;
        }
    int ok = 1;
    Py_ssize_t i = 0, start = 0;
    int64_t prev_end = 1;
    while (i < n && ok) {
        if (i == 0 || g[i] != g[i - 1]) start = i;
        Py_ssize_t t = i + 1;
        while (t < n && g[t] == g[i] && r[t] == r[i]) t += 1;
        int64_t rank = r[i], size = t - i;
        if (rank + size - 1 > field[g[i]])
            ok = 0;
        else if (!explicit[g[i]] && rank != i - start + 1)
            ok = 0;
        else if (i > start && rank < prev_end)
            ok = 0;
        prev_end = rank + size;
        i = t;
    }
    result = PyBool_FromLong(ok);
done:
    release(b, 4);
    return result;
}

static PyMethodDef methods[] = {
    {"certified_replay", certified_replay, METH_VARARGS, certified_replay_doc},
    {"regular", regular, METH_VARARGS, regular_doc},
    {"ties_ok", ties_ok, METH_VARARGS, ties_ok_doc},
    {"group_by_event", group_by_event, METH_VARARGS, group_by_event_doc},
    {"replay", replay, METH_VARARGS, replay_doc},
    {"as_of", as_of, METH_VARARGS, as_of_doc},
    {"rerun", rerun, METH_VARARGS, rerun_doc},
    {"lay_out", lay_out, METH_VARARGS, lay_out_doc},
    {"rate_history_pl", rate_history_pl, METH_VARARGS, rate_history_pl_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_kernels",
    "The Dip Pouch replay and the Weng-Lin walk, compiled ahead of time (see engine.py).", -1,
    methods,
};

PyMODINIT_FUNC PyInit__kernels(void) { return PyModule_Create(&module); }
