import Foundation
import HTTPTypes
import Hummingbird
import OpenAPIRuntime

/// RFC 9457 problem details, as the API's refusals.
enum ApiProblem {
    static func response(
        _ status: HTTPResponse.Status,
        title: String,
        detail: String,
        errors: FieldErrors? = nil
    ) -> Response {
        let problem = Components.Schemas.Problem(
            _type: "about:blank",
            title: title,
            status: status.code,
            detail: detail,
            errors: errors.map { errors in
                errors.fields.map { Components.Schemas.FieldError(field: $0, message: $1) }
            }
        )
        let body = (try? JSONEncoder().encode(problem)) ?? Data()
        return Response(
            status: status,
            headers: [.contentType: "application/problem+json", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: body))
        )
    }
}

/// A handler's refusal: nothing of the member's with that id, or a change the form's rules refuse (one message per
/// field, in the member's language). `ApiErrorMiddleware` answers it as problem details.
struct ApiFailure: Error {
    let status: HTTPResponse.Status
    let title: String
    let detail: String
    var errors: FieldErrors? = nil

    var response: Response { ApiProblem.response(status, title: title, detail: detail, errors: errors) }

    /// Nothing of the member's has that id.
    static func notFound(_ t: Words) -> ApiFailure {
        ApiFailure(status: .notFound, title: t["api.errors.not_found_title"], detail: t["api.errors.not_found_detail"])
    }

    /// The form's rules refused the change.
    static func invalid(_ errors: FieldErrors, _ t: Words) -> ApiFailure {
        ApiFailure(
            status: .unprocessableContent,
            title: t["api.errors.invalid_title"],
            detail: errors.summary ?? "",
            errors: errors
        )
    }
}

extension FieldErrors {
    /// Each field with its message, in the order the rules found them.
    var fields: [(String, String)] { order.compactMap { field in self[field].map { (field, $0) } } }
}

/// Whatever goes wrong under `/api/` (a path or method the API hasn't, a parameter or body it can't read, a handler's
/// refusal, a fault) is answered with problem details, never the pages' HTML: it sits inside `ErrorPageMiddleware`,
/// and the router's own "no such route" comes through it too.
struct ApiErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        guard request.uri.path.hasPrefix("/api/") else { return try await next(request, context) }
        do {
            return try await next(request, context)
        } catch let error as ServerError {
            if let failure = error.underlyingError as? ApiFailure { return failure.response }
            // A parameter or body not of the spec's form: the runtime says which.
            if error.httpStatus.kind == .clientError {
                return ApiProblem.response(
                    error.httpStatus,
                    title: error.httpStatus.reasonPhrase,
                    detail: error.causeDescription
                )
            }
            context.logger.error("API request failed: \(error)")
            return ApiProblem.response(.internalServerError, title: "Internal Server Error", detail: "")
        } catch let error as HTTPResponseError {
            return ApiProblem.response(error.status, title: error.status.reasonPhrase, detail: "")
        } catch {
            context.logger.error("API request failed: \(error)")
            return ApiProblem.response(.internalServerError, title: "Internal Server Error", detail: "")
        }
    }
}
