#pragma once

#include <QByteArray>

// RSA key pairs generated on the spot, for tests and the sandbox: a service-account key whose
// public half the sandbox token endpoint verifies JWTs against.
struct RsaKeyPair
{
    QByteArray privateKeyPem; // PKCS#8 ("BEGIN PRIVATE KEY"), as Google's key files hold it
    QByteArray publicKeyPem;  // SubjectPublicKeyInfo ("BEGIN PUBLIC KEY")
};

// Empty PEMs if OpenSSL fails.
RsaKeyPair generateRsaKeyPair(int bits = 2048);
