import Foundation
import Hummingbird

/// The API's OpenAPI document, `Resources/openapi.yaml`, served as it is in the repository: the code the API runs is
/// generated from the same file.
struct ApiSpec: Sendable {
    static let path = "/api/openapi.yaml"
    let text: String

    static func load(resourcesDirectory: String) throws -> ApiSpec {
        let file = resourcesDirectory + "/Resources/openapi.yaml"
        do {
            return ApiSpec(text: try String(contentsOfFile: file, encoding: .utf8))
        } catch {
            throw StartupError("cannot read the API description \(file): \(error)")
        }
    }

    var response: Response {
        Response(
            status: .ok,
            headers: [.contentType: "application/yaml; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: text))
        )
    }
}
