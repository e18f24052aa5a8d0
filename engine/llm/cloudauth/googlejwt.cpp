#include "googlejwt.h"

#include "opensslerror.h"

#include <QJsonDocument>

#include <openssl/evp.h>
#include <openssl/pem.h>

#include <memory>

using namespace Qt::StringLiterals;

namespace {
struct PkeyFree
{
    void operator()(EVP_PKEY *key) const { EVP_PKEY_free(key); }
};
struct MdCtxFree
{
    void operator()(EVP_MD_CTX *ctx) const { EVP_MD_CTX_free(ctx); }
};
struct BioFree
{
    void operator()(BIO *bio) const { BIO_free(bio); }
};
using Pkey = std::unique_ptr<EVP_PKEY, PkeyFree>;
using MdCtx = std::unique_ptr<EVP_MD_CTX, MdCtxFree>;
using Bio = std::unique_ptr<BIO, BioFree>;

constexpr auto kBase64Url = QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals;

Bio memoryBio(const QByteArray &pem)
{
    return Bio(BIO_new_mem_buf(pem.constData(), int(pem.size())));
}

QByteArray compact(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

std::optional<QJsonObject> decodeObject(const QByteArray &part)
{
    const auto decoded =
        QByteArray::fromBase64Encoding(part, kBase64Url | QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return std::nullopt;
    const QJsonDocument doc = QJsonDocument::fromJson(*decoded);
    if (!doc.isObject())
        return std::nullopt;
    return doc.object();
}
} // namespace

QByteArray GoogleJwt::base64Url(const QByteArray &data)
{
    return data.toBase64(kBase64Url);
}

QByteArray GoogleJwt::assertion(const GoogleCredentials &serviceAccount, const QString &scope,
                                qint64 issuedAtUnix, QString *error)
{
    const QString &origin = serviceAccount.origin;
    if (serviceAccount.kind != GoogleCredentials::Kind::ServiceAccount) {
        *error = u"The Google credentials from %1 are not a service account key"_s.arg(origin);
        return {};
    }
    const QByteArray pem = serviceAccount.privateKeyPem.toUtf8();
    Bio bio = memoryBio(pem);
    Pkey key(bio ? PEM_read_bio_PrivateKey(bio.get(), nullptr, nullptr, nullptr) : nullptr);
    if (!key) {
        OpenSslError::take();
        *error = u"The private_key in the Google credentials from %1 is not a PEM private key; "
                 "download the service account key again"_s.arg(origin);
        return {};
    }
    QJsonObject header{{u"alg"_s, u"RS256"_s}, {u"typ"_s, u"JWT"_s}};
    if (!serviceAccount.privateKeyId.isEmpty())
        header.insert(u"kid"_s, serviceAccount.privateKeyId);
    const QJsonObject claims{{u"iss"_s, serviceAccount.clientEmail},
                             {u"scope"_s, scope},
                             {u"aud"_s, serviceAccount.tokenUri},
                             {u"iat"_s, issuedAtUnix},
                             {u"exp"_s, issuedAtUnix + LifetimeSec}};
    const QByteArray signingInput = base64Url(compact(header)) + '.' + base64Url(compact(claims));

    MdCtx ctx(EVP_MD_CTX_new());
    size_t length = 0;
    if (!ctx || EVP_DigestSignInit(ctx.get(), nullptr, EVP_sha256(), nullptr, key.get()) != 1 ||
        EVP_DigestSign(ctx.get(), nullptr, &length,
                       reinterpret_cast<const unsigned char *>(signingInput.constData()),
                       size_t(signingInput.size())) != 1) {
        *error = u"Cannot sign with the private key from %1 (%2); use an RSA service account "
                 "key"_s.arg(origin, OpenSslError::take());
        return {};
    }
    QByteArray signature(qsizetype(length), Qt::Uninitialized);
    if (EVP_DigestSign(ctx.get(), reinterpret_cast<unsigned char *>(signature.data()), &length,
                       reinterpret_cast<const unsigned char *>(signingInput.constData()),
                       size_t(signingInput.size())) != 1) {
        *error = u"Cannot sign with the private key from %1 (%2); use an RSA service account "
                 "key"_s.arg(origin, OpenSslError::take());
        return {};
    }
    signature.truncate(qsizetype(length));
    return signingInput + '.' + base64Url(signature);
}

std::optional<GoogleJwt::Verified> GoogleJwt::verify(const QByteArray &jwt,
                                                     const QByteArray &publicKeyPem, QString *error)
{
    const QList<QByteArray> parts = jwt.split('.');
    if (parts.size() != 3) {
        *error = u"not a JWT: expected three dot-separated parts"_s;
        return std::nullopt;
    }
    const std::optional<QJsonObject> header = decodeObject(parts[0]);
    const std::optional<QJsonObject> claims = decodeObject(parts[1]);
    if (!header || !claims) {
        *error = u"the JWT header or claims are not base64url JSON objects"_s;
        return std::nullopt;
    }
    if (header->value(u"alg"_s).toString() != u"RS256") {
        *error = u"the JWT alg is \"%1\", not RS256"_s.arg(header->value(u"alg"_s).toString());
        return std::nullopt;
    }
    const auto signature = QByteArray::fromBase64Encoding(
        parts[2], kBase64Url | QByteArray::AbortOnBase64DecodingErrors);
    if (!signature || signature.decoded.isEmpty()) {
        *error = u"the JWT signature is not base64url"_s;
        return std::nullopt;
    }
    Bio bio = memoryBio(publicKeyPem);
    Pkey key(bio ? PEM_read_bio_PUBKEY(bio.get(), nullptr, nullptr, nullptr) : nullptr);
    if (!key) {
        *error = u"the public key is not a PEM public key (%1)"_s.arg(OpenSslError::take());
        return std::nullopt;
    }
    const QByteArray signingInput = parts[0] + '.' + parts[1];
    MdCtx ctx(EVP_MD_CTX_new());
    const bool ok =
        ctx && EVP_DigestVerifyInit(ctx.get(), nullptr, EVP_sha256(), nullptr, key.get()) == 1 &&
        EVP_DigestVerify(ctx.get(),
                         reinterpret_cast<const unsigned char *>(signature.decoded.constData()),
                         size_t(signature.decoded.size()),
                         reinterpret_cast<const unsigned char *>(signingInput.constData()),
                         size_t(signingInput.size())) == 1;
    OpenSslError::take();
    if (!ok) {
        *error = u"the JWT signature does not verify with the public key"_s;
        return std::nullopt;
    }
    return Verified{*header, *claims};
}
