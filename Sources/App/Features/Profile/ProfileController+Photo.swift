import Foundation
import Hummingbird

/// The profile photo: upload, show to its owner, remove.
extension ProfileController {
    func addPhotoRoutes(to group: RouterGroup<MemberContext>) {
        group.get(ProfilePaths.photo, use: showPhoto)
        group.post(ProfilePaths.photo, use: uploadPhoto)
        group.post(ProfilePaths.removePhoto, use: removePhoto)
    }

    /// `GET /profile/photo`: the member's own photo, with the type found at upload and `nosniff`; no one else's.
    @Sendable func showPhoto(request: Request, context: MemberContext) async throws -> Response {
        guard let photo = try context.store.photo() else { throw HTTPError(.notFound) }
        return Response(
            status: .ok,
            headers: [
                .contentType: photo.contentType, .xContentTypeOptions: "nosniff",
                .cacheControl: "private, max-age=86400", .contentSecurityPolicy: "default-src 'none'",
                .contentDisposition: "inline",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: photo.bytes))
        )
    }

    /// `POST /profile/photo`
    @Sendable func uploadPhoto(request: Request, context: MemberContext) async throws -> Response {
        let form = try context.uploadedForm()
        let bytes = form.files["photo"]?.bytes ?? []
        let contentType = ProfilePhoto.contentType(of: bytes)
        let t = context.words
        let problem: String? =
            if bytes.isEmpty {
                t["profile.photo.choose"]
            } else if bytes.count > ProfilePhoto.maxBytes {
                t["profile.photo.too_large"]
            } else if contentType == nil { t["profile.photo.wrong_type"] } else { nil }
        guard let contentType, problem == nil else {
            let user = context.user
            return try await page(
                profile: ProfileInput(user: user),
                profileErrors: FieldErrors(t: context.words),
                passwordErrors: FieldErrors(t: context.words),
                photoError: problem,
                user: user,
                request: request,
                context: context,
                status: .unprocessableContent
            )
        }
        try await context.store.setPhoto(bytes, contentType: contentType, now: now())
        return pages.redirect(to: ProfilePaths.index, flash: .success(t["profile.photo.saved"]))
    }

    /// `POST /profile/photo/delete`
    @Sendable func removePhoto(request: Request, context: MemberContext) async throws -> Response {
        let t = context.words
        try await context.store.removePhoto()
        return pages.redirect(to: ProfilePaths.index, flash: .success(t["profile.photo.removed"]))
    }
}
