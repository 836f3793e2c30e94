def reverse_signature(request):
    raise NotImplementedError
