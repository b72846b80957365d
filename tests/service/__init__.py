"""The service: the gRPC and HTTP/JSON doors, validation, limits, reliability, the explorer."""
