/*
 * A QEMU TCG plugin that counts executed guest instructions (scripts/aarch64-speed.sh).
 *
 * Debian ships no qemu-plugin.h (the plugin API header is only in QEMU's source), so
 * the handful of API entries this plugin calls are declared here from QEMU's
 * documented plugin API, version 1 (QEMU 7.2, Debian 12's qemu-user). The count is
 * exact and cheap: at translation each block gets one inline "add n" on a counter,
 * which QEMU emits into the translated code, so no call leaves the guest's code.
 * The total is written to the file given as `out=PATH` when the guest exits.
 *
 * With `profile=1` each translated block also gets a counter of its own, and the
 * file gets one line per block after the total: `<address> <instructions> <executions>`
 * (hex address): the script finds the hot loop of an operation from two such
 * profiles. QEMU may translate a block again (or a block starting inside another),
 * so one address can appear on several lines; the script adds them up.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
typedef struct qemu_info_t qemu_info_t;
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
                                           void (*cb)(qemu_plugin_id_t, struct qemu_plugin_tb *));
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb, enum qemu_plugin_op op,
                                              void *ptr, uint64_t imm);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, void (*cb)(qemu_plugin_id_t, void *),
                                    void *userdata);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

static uint64_t executed;
static char out_path[4096];
static int profile;

/* One translated block's counter (never freed: QEMU adds to it from translated code). */
struct block {
    uint64_t vaddr;
    uint64_t insns;
    uint64_t executions;
    struct block *next;
};
static struct block *blocks;

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    (void)id;
    qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64, &executed,
                                             qemu_plugin_tb_n_insns(tb));
    if (profile) {
        struct block *b = calloc(1, sizeof *b);
        if (!b)
            abort();
        b->vaddr = qemu_plugin_tb_vaddr(tb);
        b->insns = qemu_plugin_tb_n_insns(tb);
        b->next = blocks;
        blocks = b;
        qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64, &b->executions, 1);
    }
}

static void on_guest_exit(qemu_plugin_id_t id, void *userdata)
{
    (void)id;
    (void)userdata;
    FILE *f = out_path[0] ? fopen(out_path, "w") : stderr;
    if (f) {
        fprintf(f, "%llu\n", (unsigned long long)executed);
        for (struct block *b = blocks; b; b = b->next) {
            if (b->executions)
                fprintf(f, "%llx %llu %llu\n", (unsigned long long)b->vaddr,
                        (unsigned long long)b->insns, (unsigned long long)b->executions);
        }
        if (f != stderr)
            fclose(f);
    }
}

__attribute__((visibility("default"))) int qemu_plugin_install(qemu_plugin_id_t id,
                                                               const qemu_info_t *info, int argc,
                                                               char **argv)
{
    (void)info;
    for (int i = 0; i < argc; i++) {
        if (strncmp(argv[i], "out=", 4) == 0) {
            strncpy(out_path, argv[i] + 4, sizeof out_path - 1);
        } else if (strcmp(argv[i], "profile=1") == 0) {
            profile = 1;
        }
    }
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
    qemu_plugin_register_atexit_cb(id, on_guest_exit, NULL);
    return 0;
}
