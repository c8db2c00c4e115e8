/* SPDX-License-Identifier: MIT */
/*
 * The one place where nng's positive error codes become our negative errno
 * values, so that callers test one convention (STYLE.md: one error
 * catalogue).
 */
#include <errno.h>
#include <nng/nng.h>

#include "ipc.h"

int
ipc_error_from_nng(int e)
{
	if (e == 0)
		return 0;
	/* ESYSERR wraps an OS errno in its low bits. */
	if (e & NNG_ESYSERR) {
		int sys = e & ~NNG_ESYSERR;
		return sys > 0 ? -sys : -EIO;
	}
	if (e & NNG_ETRANERR)
		return -EPROTO;
	switch (e) {
	case NNG_EINTR: return -EINTR;
	case NNG_ENOMEM: return -ENOMEM;
	case NNG_EINVAL: return -EINVAL;
	case NNG_EBUSY: return -EBUSY;
	case NNG_ETIMEDOUT: return -ETIMEDOUT;
	case NNG_ECONNREFUSED: return -ECONNREFUSED;
	case NNG_ECLOSED: return -EBADF;
	case NNG_EAGAIN: return -EAGAIN;
	case NNG_ENOTSUP: return -EOPNOTSUPP;
	case NNG_EADDRINUSE: return -EADDRINUSE;
	case NNG_ESTATE: return -EPROTO; /* req/rep out of sequence */
	case NNG_ENOENT: return -ENOENT;
	case NNG_EPROTO: return -EPROTO;
	case NNG_EUNREACHABLE: return -EHOSTUNREACH;
	case NNG_EADDRINVAL: return -EINVAL;
	case NNG_EPERM: return -EPERM;
	case NNG_EMSGSIZE: return -EMSGSIZE;
	case NNG_ECONNABORTED: return -ECONNABORTED;
	case NNG_ECONNRESET: return -ECONNRESET;
	case NNG_ECANCELED: return -ECANCELED;
	case NNG_ENOFILES: return -EMFILE;
	case NNG_ENOSPC: return -ENOSPC;
	case NNG_EEXIST: return -EEXIST;
	case NNG_EREADONLY: return -EROFS;
	case NNG_EWRITEONLY: return -EBADF;
	case NNG_ECRYPTO: return -EBADMSG;
	case NNG_EPEERAUTH: return -EACCES;
	case NNG_ENOARG: return -EINVAL;
	case NNG_EAMBIGUOUS: return -EINVAL;
	case NNG_EBADTYPE: return -EINVAL;
	case NNG_ECONNSHUT: return -ECONNRESET;
	case NNG_EINTERNAL: return -EIO;
	default: return -EIO; /* a code newer than this table: still an error */
	}
}
